# PlAdapter.pm: the adapter side of adapters/PROTOCOL.md for Perl libraries
# (one loop for every Perl adapter).  An adapter defines its handlers and
# calls serve:
#
#   use lib ...'/../common'; use PlAdapter;
#   PlAdapter::serve({ adapter => 'name', library => 'lib 1.0', spec => 'rfc3986' },
#                    parse => sub { my ($req, $input) = @_; ... });
#
# A handler gets the request and its input octets (input or input_hex) and
# returns the answer without its id (PROTOCOL.md section 4).  die "bad:WHY\n"
# is answered "error"; any other die is the library refusing the input:
# valid false with its text.
package PlAdapter;
use strict;
use warnings;
use JSON::PP ();
use JSON::XS;
use Encode ();
use B ();

# JSON::XS (Debian libjson-xs-perl) reads and writes the lines: JSON::PP, in
# pure Perl, took most of each request's time; booleans stay JSON::PP's
# (JSON::XS writes them as true and false)
my $json = JSON::XS->new->utf8->allow_nonref;
my $IPV4 = qr/^(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])(?:\.(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])){3}\z/;
my @OPS = qw(parse match resolve normalize equivalent iri-to-uri recompose fetch);
my %known = map { $_ => 1 } @OPS;

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
    return undef unless defined $h;
    return 'IPvFuture' if $h =~ /^\[[vV]/;
    return 'IPv6address' if $h =~ /^\[/;
    return 'IPv4address' if $h =~ $IPV4;
    return 'reg-name';
}

# Whether V, as JSON::XS decoded it, was a JSON string (a number comes as
# an integer or a float, without the string flag).
sub is_string {
    my $flags = B::svref_2object(\$_[0])->FLAGS;
    return ($flags & B::SVp_POK) && !($flags & (B::SVp_IOK | B::SVp_NOK));
}

# NAME or NAME_hex of REQ as octets, or undef.
sub octets {
    my ($req, $name) = @_;
    if (defined $req->{$name}) {
        die "bad:$name is not a string\n" if ref $req->{$name} || !is_string($req->{$name});
        return Encode::encode('UTF-8', $req->{$name});
    }
    my $h = $req->{"${name}_hex"};
    return undef unless defined $h;
    die "bad:${name}_hex is not hex digits\n" if ref $h || length($h) % 2 || $h =~ /[^0-9a-fA-F]/;
    return pack('H*', $h);
}

sub answer {
    my ($req, $handlers) = @_;
    my $op = $req->{op} // 'parse';
    die "bad:unknown op\n" unless !ref $op && $known{$op};
    my $in = octets($req, 'input');
    die "bad:request has neither input nor input_hex\n" unless defined $in;
    return { unsupported => "op $op not supported by this adapter" } unless $handlers->{$op};
    return $handlers->{$op}->($req, $in);
}

# The answer line (LF included) to request line LINE.
sub answer_line {
    my ($line, $handlers) = @_;
    my $req = eval { $json->decode($line) };
    return $json->encode({ id => undef, error => 'request is not a JSON object' }) . "\n"
        if ref $req ne 'HASH';
    my $ans = eval { answer($req, $handlers) };
    if (!defined $ans) {
        my $e = $@ // 'unknown';
        if ($e =~ /^bad:(.*)/) {
            $ans = { error => $1 };
        } else {
            $e =~ s/\s+\z//;
            $ans = { valid => JSON::PP::false, library_error => substr($e, 0, 200) };
        }
    }
    $ans->{id} = $req->{id};
    return $json->encode($ans) . "\n";
}

sub write_all {
    my ($out) = @_;
    for (my $at = 0; $at < length $out;) {
        my $n = syswrite(STDOUT, $out, length($out) - $at, $at);
        if (!defined $n) {
            next if $!{EINTR};
            die "write: $!\n";
        }
        $at += $n;
    }
}

# Requests are read with sysread into a buffer (a line may be of any length);
# the answers to the lines of one read go out in one write before the next
# read (PROTOCOL.md section 6): a write per read, not per answer.
sub serve {
    my ($hello, %handlers) = @_;
    binmode STDIN;
    binmode STDOUT;
    my @ops = grep { $handlers{$_} } @OPS;
    write_all($json->encode({ %$hello, ops => \@ops, protocol => 1 }) . "\n");
    my $buf = '';
    while (1) {
        my ($out, $start) = ('', 0);
        while ((my $nl = index($buf, "\n", $start)) >= 0) {
            my $line = substr($buf, $start, $nl - $start);
            $start = $nl + 1;
            $line =~ s/\r\z//;
            $out .= answer_line($line, \%handlers) if $line =~ /\S/;
        }
        substr($buf, 0, $start, '');
        write_all($out) if length $out;
        my $n = sysread(STDIN, $buf, 1 << 16, length $buf);
        next if !defined $n && $!{EINTR};
        last unless $n;
    }
    # a last line without LF
    write_all(answer_line($buf, \%handlers)) if $buf =~ /\S/;
}

1;
