# frozen_string_literal: true
# rbadapter.rb: the adapter side of adapters/PROTOCOL.md for Ruby libraries
# (one loop for every Ruby adapter).  An adapter defines its handlers and
# calls serve:
#
#   require_relative '../common/rbadapter'
#   serve({ adapter: 'name', library: 'lib 1.0', spec: 'rfc3986' },
#         'parse' => ->(req, input) { { valid: true, components: {...} } })
#
# A handler gets the request and its input octets (input or input_hex) and
# returns the answer without its id (PROTOCOL.md section 4).  BadRequest is
# answered "error"; any other exception is the library refusing the input:
# valid false with the exception's text.
require 'io/wait'
require 'json'

IPV4 = /\A(25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])(\.(25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])){3}\z/.freeze
KNOWN = %w[parse match resolve normalize equivalent iri-to-uri recompose fetch].freeze

class BadRequest < StandardError; end

def host_type(host)
  return nil if host.nil?
  return (host =~ /\A\[[vV]/ ? 'IPvFuture' : 'IPv6address') if host.start_with?('[')
  IPV4.match?(host) ? 'IPv4address' : 'reg-name'
end

# NAME or NAME_hex of REQ as a String (octets), or nil.
def octets(req, name)
  v = req[name]
  unless v.nil?
    raise BadRequest, "#{name} is not a string" unless v.is_a?(String)
    return v.dup
  end
  h = req["#{name}_hex"]
  return nil if h.nil?
  raise BadRequest, "#{name}_hex is not hex digits" unless h.is_a?(String) && h.length.even? && h !~ /[^0-9a-fA-F]/
  [h].pack('H*')
end

# A value for JSON: a string when it is UTF-8, else {"hex": ...}.
def val(v)
  return nil if v.nil?
  s = v.to_s.dup.force_encoding(Encoding::UTF_8)
  s.valid_encoding? ? s : { hex: v.to_s.unpack1('H*') }
end

# An exception's class and message as UTF-8 text (a library's message may
# quote the input's octets), at most 200 characters.
def error_text(err)
  "#{err.class}: #{err.message}".dup.force_encoding(Encoding::UTF_8).scrub("\uFFFD")[0, 200]
end

def answer(req, handlers)
  op = req.fetch('op', 'parse')
  raise BadRequest, 'unknown op' unless KNOWN.include?(op)
  input = octets(req, 'input')
  raise BadRequest, 'request has neither input nor input_hex' if input.nil?
  return { unsupported: "op #{op} not supported by this adapter" } unless handlers.key?(op)
  handlers[op].call(req, input)
end

def answer_line(line, handlers)
  req = begin
    JSON.parse(line)
  rescue StandardError
    nil
  end
  return { id: nil, error: 'request is not a JSON object' } unless req.is_a?(Hash)
  begin
    { id: req['id'] }.merge(answer(req, handlers))
  rescue BadRequest => e
    { id: req['id'], error: e.message }
  rescue StandardError, SystemStackError => e
    { id: req['id'], valid: false, library_error: error_text(e) }
  end
end

def serve(hello, handlers)
  $stdin.binmode
  $stdout.binmode
  $stdout.sync = false
  puts JSON.generate(hello.merge(ops: handlers.keys, protocol: 1))
  $stdout.flush
  while (line = $stdin.gets)
    line = line.force_encoding(Encoding::UTF_8).chomp
    next if line.b.strip.empty? # b: a line that is not UTF-8 is answered, never raised on
    ans = answer_line(line, handlers)
    out = begin
      JSON.generate(ans)
    rescue JSON::GeneratorError => e
      JSON.generate(id: ans[:id], error: "internal: answer not encodable (#{error_text(e)})")
    end
    $stdout.write(out, "\n")
    # flush when no further request is already waiting (PROTOCOL.md section 6)
    $stdout.flush unless $stdin.wait_readable(0)
  end
  $stdout.flush
end
