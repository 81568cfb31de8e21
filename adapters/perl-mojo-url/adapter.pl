#!/usr/bin/perl
# perl-mojo-url: Mojo::URL (Debian libmojolicious-perl), the URL class of the
# Mojolicious web framework and its HTTP user agent, through
# adapters/PROTOCOL.md (loop in ../common/PlAdapter.pm): Mojo::URL->new
# (parse), ->to_abs (resolve).  Mapping: README.md here.
use strict;
use warnings;
use FindBin;
use lib "$FindBin::Bin/../common";
use JSON::PP;
use Mojo::URL;
use Mojolicious;
use PlAdapter;

sub components {
    my ($u, $in) = @_;
    my %c = (scheme => $u->scheme);
    if (defined $u->host || defined $u->userinfo || defined $u->port) {
        my $host = $u->host // '';
        # Mojo::URL keeps an IP-literal's brackets out of host
        $host = "[$host]" if index($in, "[$host]") >= 0;
        %c = (%c, host => $host, host_type => PlAdapter::host_type($host),
              userinfo => $u->userinfo, port => $u->port);
    } else {
        %c = (%c, map { $_ => undef } qw(authority userinfo host host_type port));
    }
    $c{path} = $u->path->to_string;
    # "" is both absent and empty for the query: left out then
    my $q = $u->query->to_string;
    $c{query} = $q if length $q;
    $c{fragment} = $u->fragment;
    return { map { $_ => (($_ eq 'host_type') ? $c{$_} : PlAdapter::val($c{$_})) } keys %c };
}

PlAdapter::serve(
    { adapter => 'perl-mojo-url', library => "Mojolicious $Mojolicious::VERSION Mojo::URL (perl " . sprintf('%vd', $^V) . ')',
      spec => 'rfc3986' },
    parse => sub {
        my ($req, $in) = @_;
        return { unsupported => 'Mojo::URL has one entry point' }
            if defined $req->{rule} && $req->{rule} ne 'URI-reference';
        return { valid => JSON::PP::true, components => components(Mojo::URL->new($in), $in) };
    },
    resolve => sub {
        my ($req, $in) = @_;
        my $base = PlAdapter::octets($req, 'base');
        die "bad:resolve needs a base\n" unless defined $base;
        return { unsupported => 'to_abs has no non-strict (5.2.2) mode' } if defined $req->{strict} && !$req->{strict};
        return { valid => JSON::PP::true, target => PlAdapter::val(Mojo::URL->new($in)->to_abs(Mojo::URL->new($base))->to_string) };
    });
