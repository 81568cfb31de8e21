#!/usr/bin/ruby
# frozen_string_literal: true
# ruby-uri: Ruby's URI::RFC3986_Parser (what URI.parse has used since Ruby
# 2.2; URI::DEFAULT_PARSER is still the RFC 2396 one, so the RFC 3986 parser
# is called explicitly) through adapters/PROTOCOL.md (loop in
# ../common/rbadapter.rb): parse, split (the components), URI::Generic#merge
# (resolve), #normalize.  Mapping: README.md.
require 'uri'
require_relative '../common/rbadapter'

PARSER = URI::RFC3986_Parser.new

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

# URI::Error is the library's rejection
def rejecting
  yield
rescue URI::Error => e
  { valid: false, library_error: error_text(e) }
end

# The op fetch (DESIGN.md "The fetch lab"): Net::HTTP.get_response(URI(input))
# as an application calls it (redirects are never followed by Net::HTTP).
# URI's errors, an ArgumentError or a NoMethodError (a URI without a host)
# come before any connection; a resolver, socket, TLS or protocol error
# is an attempt.
def fetch(input)
  require 'net/http'
  require 'openssl'
  begin
    Net::HTTP.get_response(URI(input))
  rescue SocketError, SystemCallError, IOError, Timeout::Error, OpenSSL::SSL::SSLError, Net::HTTPBadResponse
    nil # an attempt: it went to the network
  end
  { valid: true }
rescue URI::Error, ArgumentError, NoMethodError, TypeError => e
  { valid: false, error: error_text(e) }
end

serve({ adapter: 'ruby-uri', library: "ruby #{RUBY_VERSION} uri #{URI::VERSION} (RFC3986_Parser)", spec: 'rfc3986' },
      'parse' => lambda { |req, input|
        rule = req['rule']
        next { unsupported: 'URI::RFC3986_Parser has one entry point (URI-reference)' } unless rule.nil? || rule == 'URI-reference'
        rejecting do
          PARSER.parse(input) # what URI.parse does: split, then the scheme's class
          { valid: true, components: components(input).transform_values { |v| val(v) } }
        end
      },
      'resolve' => lambda { |req, input|
        base = octets(req, 'base')
        raise BadRequest, 'resolve needs a base' if base.nil?
        next { unsupported: 'URI#merge has no non-strict (RFC 3986 5.2.2) mode' } if req['strict'] == false
        rejecting { { valid: true, target: val(PARSER.parse(base).merge(PARSER.parse(input)).to_s) } }
      },
      'normalize' => lambda { |req, input|
        next { unsupported: "URI#normalize has no #{req['level']} level" } unless req['level'].nil? || req['level'] == 'syntax'
        rejecting { { valid: true, normalized: val(PARSER.parse(input).normalize.to_s) } }
      },
      'fetch' => ->(_req, input) { fetch(input) })
