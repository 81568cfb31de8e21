#!/usr/bin/ruby
# frozen_string_literal: true
# ruby-addressable: Addressable::URI (Debian ruby-addressable), the RFC 3986
# and IRI library of many Ruby HTTP clients, through adapters/PROTOCOL.md
# (loop in ../common/rbadapter.rb): Addressable::URI.parse, #join (resolve),
# #normalize.  Mapping: README.md.
require 'addressable/uri'
require 'addressable/version'
require_relative '../common/rbadapter'

def components(u)
  c = { scheme: u.scheme }
  if u.host.nil? && u.userinfo.nil? && u.port.nil?
    c.merge!(authority: nil, userinfo: nil, host: nil, host_type: nil, port: nil)
  else
    c[:authority] = u.authority
    c[:userinfo] = u.userinfo
    c[:host] = u.host
    c[:host_type] = host_type(u.host)
    c[:port] = u.port&.to_s
  end
  c.merge!(path: u.path, query: u.query, fragment: u.fragment)
  c.transform_values { |v| val(v) }
end

def rejecting
  yield
rescue Addressable::URI::InvalidURIError => e
  { valid: false, library_error: error_text(e) }
end

serve({ adapter: 'ruby-addressable', library: "addressable #{Addressable::VERSION::STRING} (ruby #{RUBY_VERSION})", spec: 'rfc3986' },
      'parse' => lambda { |req, input|
        next { unsupported: 'Addressable::URI.parse has one entry point' } unless req['rule'].nil? || req['rule'] == 'URI-reference'
        rejecting { { valid: true, components: components(Addressable::URI.parse(input)) } }
      },
      'resolve' => lambda { |req, input|
        base = octets(req, 'base')
        raise BadRequest, 'resolve needs a base' if base.nil?
        next { unsupported: 'Addressable::URI#join has no non-strict (5.2.2) mode' } if req['strict'] == false
        rejecting { { valid: true, target: val(Addressable::URI.parse(base).join(Addressable::URI.parse(input)).to_s) } }
      },
      'normalize' => lambda { |req, input|
        next { unsupported: "Addressable::URI#normalize has no #{req['level']} level" } unless req['level'].nil? || req['level'] == 'syntax'
        rejecting { { valid: true, normalized: val(Addressable::URI.parse(input).normalize.to_s) } }
      })
