#!/usr/bin/perl
# perl-uri: the CPAN module URI (Debian liburi-perl) through
# adapters/PROTOCOL.md (loop in ../common/PlAdapter.pm): URI->new (parse),
# ->abs (resolve), ->canonical (normalize), ->eq (equivalent).  Mapping to the
# component model: README.md.
use strict;
use warnings;
use FindBin;
use lib "$FindBin::Bin/../common";
use JSON::PP;
use PlAdapter;
use URI;

*val = \&PlAdapter::val;
*host_type = \&PlAdapter::host_type;
*octets = \&PlAdapter::octets;

sub components {
    my ($u) = @_;
    my %c = (scheme => scalar $u->_scheme);
    if ($u->isa('URI::_generic')) {
        my $auth = $u->authority;
        if (defined $auth && $u->can('host')) {
            # server classes (http, ftp, ...): their own accessors
            my $host = $u->host;
            (my $raw = $auth) =~ s/.*@//s;
            $host = "[$host]" if $raw =~ /^\[/;
            %c = (%c, authority => $auth, host => $host, host_type => host_type($host));
            # URI::file has host but neither userinfo nor port: left out there
            $c{userinfo} = $u->userinfo if $u->can('userinfo');
            $c{port} = $u->_port if $u->can('_port');
        } elsif (defined $auth) {
            # other generic classes (unknown schemes, relative references)
            # have an authority but no accessor that reads a host in it
            $c{authority} = $auth;
        } else {
            %c = (%c, map { $_ => undef } qw(authority userinfo host host_type port));
        }
        $c{path} = $u->path;
        $c{query} = $u->query;
    } else {
        # opaque classes (mailto, urn, data, ...): no authority; the path is
        # the opaque part, less the query where the class splits one off
        %c = (%c, map { $_ => undef } qw(authority userinfo host host_type port));
        my $opaque = $u->opaque;
        if ($u->can('query')) {
            $opaque =~ s/\?.*//s;
            $c{query} = $u->query;
        }
        $c{path} = $opaque;
    }
    $c{fragment} = $u->fragment;
    return { map { $_ => (($_ eq 'host_type') ? $c{$_} : val($c{$_})) } keys %c };
}

sub answer {
    my ($op, $req, $in) = @_;
    if ($op eq 'parse') {
        return { unsupported => 'URI has one entry point (URI-reference), no other start rule' }
            if defined $req->{rule} && $req->{rule} ne 'URI-reference';
        return { valid => JSON::PP::true, components => components(URI->new($in)) };
    }
    if ($op eq 'resolve') {
        my $base = octets($req, 'base');
        die "bad:resolve needs a base\n" unless defined $base;
        # $URI::ABS_ALLOW_RELATIVE_SCHEME is the RFC 3986 5.2.2 non-strict mode
        local $URI::ABS_ALLOW_RELATIVE_SCHEME = (defined $req->{strict} && !$req->{strict}) ? 1 : 0;
        return { valid => JSON::PP::true, target => val(URI->new($in)->abs(URI->new($base))->as_string) };
    }
    if ($op eq 'normalize' || $op eq 'equivalent') {
        return { unsupported => "URI's canonical form has no $req->{level} level" }
            if defined $req->{level} && $req->{level} ne 'syntax';
        return { valid => JSON::PP::true, normalized => val(URI->new($in)->canonical->as_string) }
            if $op eq 'normalize';
        my $other = octets($req, 'other');
        die "bad:equivalent needs other\n" unless defined $other;
        return { valid => JSON::PP::true,
                 equivalent => URI::eq(URI->new($in), URI->new($other)) ? JSON::PP::true : JSON::PP::false };
    }
    return { unsupported => "op $op not supported by this adapter" };
}

# The op fetch (DESIGN.md "The fetch lab"): LWP::UserAgent's get, as an
# application calls it, redirects off (max_redirect 0), no proxy (env_proxy
# is not called).  LWP never dies: a failure is a response it made itself
# (Client-Warning: Internal response); 400 (not an absolute URL) and 501
# (a scheme it has no protocol for) come before any connection, any other
# (cannot connect, TLS failed, connection closed) is an attempt.
my $ua;
sub fetch {
    my ($in) = @_;
    require LWP::UserAgent;
    $ua //= LWP::UserAgent->new(max_redirect => 0);
    my $res = $ua->get($in);
    my $internal = ($res->header('Client-Warning') // '') eq 'Internal response';
    return { valid => JSON::PP::true } unless $internal && ($res->code == 400 || $res->code == 501);
    return { valid => JSON::PP::false, error => val($res->status_line) };
}

PlAdapter::serve({ adapter => 'perl-uri', library => "URI $URI::VERSION (perl " . sprintf('%vd', $^V) . ')',
                   spec => 'rfc3986' },
                 (map { my $op = $_; ($op => sub { answer($op, @_) }) } qw(parse resolve normalize equivalent)),
                 fetch => sub { fetch($_[1]) });
