#!/usr/bin/perl
# perl-uri: the CPAN module URI (Debian liburi-perl) through
# adapters/PROTOCOL.md: URI->new (parse), ->abs (resolve), ->canonical
# (normalize), ->eq (equivalent).  Mapping to the component model: README.md.
use strict;
use warnings;
use JSON::PP;
use Encode ();
use URI;

my $json = JSON::PP->new->utf8->allow_nonref;
my $IPV4 = qr/^(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])(?:\.(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])){3}\z/;

# A value of octets V for JSON: a string when it is well-formed UTF-8, else
# {"hex": ...} (PROTOCOL.md section 5).
sub val {
    my ($v) = @_;
    return undef unless defined $v;
    my $copy = $v;
    my $s = eval { Encode::decode('UTF-8', $copy, Encode::FB_CROAK) };
    return $s if defined $s;
    return { hex => unpack('H*', $v) };
}

sub host_type {
    my ($h) = @_;
    return 'IPvFuture' if $h =~ /^\[[vV]/;
    return 'IPv6address' if $h =~ /^\[/;
    return 'IPv4address' if $h =~ $IPV4;
    return 'reg-name';
}

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

# NAME or NAME_hex of REQ as octets, or undef.
sub octets {
    my ($req, $name) = @_;
    if (defined $req->{$name}) {
        die "bad:$name is not a string\n" if ref $req->{$name};
        return Encode::encode('UTF-8', $req->{$name});
    }
    my $h = $req->{"${name}_hex"};
    return undef unless defined $h;
    die "bad:${name}_hex is not hex digits\n" if ref $h || length($h) % 2 || $h =~ /[^0-9a-fA-F]/;
    return pack('H*', $h);
}

my %known = map { $_ => 1 } qw(parse match resolve normalize equivalent iri-to-uri);

sub answer {
    my ($req) = @_;
    my $op = $req->{op} // 'parse';
    die "bad:unknown op\n" unless !ref $op && $known{$op};
    my $in = octets($req, 'input');
    die "bad:request has neither input nor input_hex\n" unless defined $in;
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

$| = 1;
binmode STDIN;
binmode STDOUT;
print $json->encode({ adapter => 'perl-uri', library => "URI $URI::VERSION (perl " . sprintf('%vd', $^V) . ')',
                      spec => 'rfc3986', ops => [qw(parse resolve normalize equivalent)], protocol => 1 }), "\n";
while (my $line = <STDIN>) {
    $line =~ s/\r?\n\z//;
    next unless $line =~ /\S/;
    my $req = eval { $json->decode($line) };
    if (ref $req ne 'HASH') {
        print $json->encode({ id => undef, error => 'request is not a JSON object' }), "\n";
        next;
    }
    my $ans = eval { answer($req) };
    if (!defined $ans) {
        my $e = $@ // 'unknown';
        if ($e =~ /^bad:(.*)/) {
            $ans = { error => $1 };
        } else {
            $e =~ s/\s+\z//;
            $ans = { valid => JSON::PP::false, exception => substr($e, 0, 200) };
        }
    }
    $ans->{id} = $req->{id};
    print $json->encode($ans), "\n";
}
