#!/usr/bin/ruby
# frozen_string_literal: true
# ruby-uri: Ruby's URI::RFC3986_Parser (what URI.parse has used since Ruby
# 2.2; URI::DEFAULT_PARSER is still the RFC 2396 one, so the RFC 3986 parser
# is called explicitly) through adapters/PROTOCOL.md: parse, split (the
# components), URI::Generic#merge (resolve), #normalize.  Mapping: README.md.
require 'io/wait'
require 'json'
require 'uri'

PARSER = URI::RFC3986_Parser.new
IPV4 = /\A(25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])(\.(25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])){3}\z/.freeze
KNOWN = %w[parse match resolve normalize equivalent iri-to-uri].freeze

class BadRequest < StandardError; end

def host_type(host)
  return nil if host.nil?
  return (host =~ /\A\[[vV]/ ? 'IPvFuture' : 'IPv6address') if host.start_with?('[')
  IPV4.match?(host) ? 'IPv4address' : 'reg-name'
end

# The components of STR: split's nine fields, the opaque part taken apart
# again (split appends "?query" to path-rootless, which has no "?", so the
# first "?" is where it joined them).
def components(str)
  scheme, userinfo, host, port, _registry, path, opaque, query, fragment = PARSER.split(str)
  path, query = opaque.split('?', 2) if opaque
  authority = host && "#{userinfo ? "#{userinfo}@" : ''}#{host}#{port ? ":#{port}" : ''}"
  { scheme: scheme, authority: authority, userinfo: userinfo, host: host, host_type: host_type(host),
    port: port, path: path, query: query, fragment: fragment }
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
  s = v.dup.force_encoding(Encoding::UTF_8)
  s.valid_encoding? ? s : { hex: v.unpack1('H*') }
end

def answer(req)
  op = req.fetch('op', 'parse')
  raise BadRequest, 'unknown op' unless KNOWN.include?(op)
  input = octets(req, 'input')
  raise BadRequest, 'request has neither input nor input_hex' if input.nil?
  case op
  when 'parse'
    rule = req['rule']
    return { unsupported: 'URI::RFC3986_Parser has one entry point (URI-reference)' } unless rule.nil? || rule == 'URI-reference'
    PARSER.parse(input) # what URI.parse does: split, then the scheme's class
    c = components(input)
    { valid: true, components: c.transform_values { |v| val(v) } }
  when 'resolve'
    base = octets(req, 'base')
    raise BadRequest, 'resolve needs a base' if base.nil?
    return { unsupported: 'URI#merge has no non-strict (RFC 3986 5.2.2) mode' } if req['strict'] == false
    { valid: true, target: val(PARSER.parse(base).merge(PARSER.parse(input)).to_s) }
  when 'normalize'
    return { unsupported: "URI#normalize has no #{req['level']} level" } unless req['level'].nil? || req['level'] == 'syntax'
    { valid: true, normalized: val(PARSER.parse(input).normalize.to_s) }
  else
    { unsupported: "op #{op} not supported by this adapter" }
  end
rescue URI::Error => e
  { valid: false, exception: "#{e.class}: #{e.message}"[0, 200] }
end

$stdin.binmode
$stdout.binmode
$stdout.sync = false
puts JSON.generate(adapter: 'ruby-uri', library: "ruby #{RUBY_VERSION} uri #{URI::VERSION} (RFC3986_Parser)",
                   spec: 'rfc3986', ops: %w[parse resolve normalize], protocol: 1)
$stdout.flush
while (line = $stdin.gets)
  line = line.force_encoding(Encoding::UTF_8).chomp
  next if line.strip.empty?
  req = begin
    JSON.parse(line)
  rescue StandardError
    nil
  end
  ans = if !req.is_a?(Hash)
          { id: nil, error: 'request is not a JSON object' }
        else
          begin
            { id: req['id'] }.merge(answer(req))
          rescue BadRequest => e
            { id: req['id'], error: e.message }
          rescue StandardError, SystemStackError => e
            { id: req['id'], valid: false, exception: "#{e.class}: #{e.message}"[0, 200] }
          end
        end
  $stdout.write(JSON.generate(ans), "\n")
  # flush when no further request is already waiting (PROTOCOL.md section 6)
  $stdout.flush unless $stdin.wait_readable(0)
end
$stdout.flush
