<?php
// php-guzzle-psr7: Guzzle's PSR-7 Uri (GuzzleHttp\Psr7\Uri, Debian
// php-guzzlehttp-psr7), the URI of the Guzzle HTTP client and of many PSR-7
// frameworks, through adapters/PROTOCOL.md (loop in ../common/phpadapter.php):
// new Uri() for parse, UriResolver::resolve for resolve, UriNormalizer for
// normalize.  Mapping: README.md here.
require __DIR__ . '/../common/phpadapter.php';
require '/usr/share/php/GuzzleHttp/Psr7/autoload.php';

use GuzzleHttp\Psr7\Uri;
use GuzzleHttp\Psr7\UriNormalizer;
use GuzzleHttp\Psr7\UriResolver;

function components(Uri $u, string $in) {
    $c = ['scheme' => $u->getScheme() === '' ? null : $u->getScheme()];
    // getAuthority() is "" both for no authority and an empty one: an
    // authority is read as there when the input has "//" where it starts
    $start = strlen($u->getScheme()) ? strlen($u->getScheme()) + 1 : 0;
    if (substr($in, $start, 2) !== '//') {
        $c += ['authority' => null, 'userinfo' => null, 'host' => null, 'host_type' => null, 'port' => null];
    } else {
        $c['authority'] = $u->getAuthority();
        $c['host'] = $u->getHost();
        $c['host_type'] = host_type($u->getHost());
        // "" is both no userinfo and an empty one: left out then
        if ($u->getUserInfo() !== '') $c['userinfo'] = $u->getUserInfo();
        // the scheme's default port is dropped (getPort() null): left out
        if ($u->getPort() !== null) $c['port'] = (string)$u->getPort();
    }
    $c['path'] = $u->getPath();
    // "" is both absent and empty: left out then
    if ($u->getQuery() !== '') $c['query'] = $u->getQuery();
    if ($u->getFragment() !== '') $c['fragment'] = $u->getFragment();
    return array_map('val', $c);
}

// the Debian package's version (the library keeps none of its own)
$version = preg_replace('/[-+].*$/', '', (string)@shell_exec("dpkg-query -W -f='\${Version}' php-guzzlehttp-psr7 2>/dev/null")) ?: '?';

serve(['adapter' => 'php-guzzle-psr7', 'library' => "guzzlehttp/psr7 $version (php " . PHP_VERSION . ')', 'spec' => 'rfc3986'], [
    'parse' => function (array $req, string $in) {
        if (isset($req['rule']) && $req['rule'] !== 'URI-reference') return ['unsupported' => 'Uri has one entry point'];
        return ['valid' => true, 'components' => components(new Uri($in), $in)];
    },
    'resolve' => function (array $req, string $in) {
        if (isset($req['strict']) && $req['strict'] === false) return ['unsupported' => 'UriResolver has no non-strict (5.2.2) mode'];
        $base = octets($req, 'base');
        if ($base === null) throw new BadRequest('resolve needs a base');
        return ['valid' => true, 'target' => (string)UriResolver::resolve(new Uri($base), new Uri($in))];
    },
    'normalize' => function (array $req, string $in) {
        if (($req['level'] ?? 'syntax') !== 'syntax') return ['unsupported' => 'one level: UriNormalizer::PRESERVING_NORMALIZATIONS | REMOVE_DOT_SEGMENTS'];
        $flags = UriNormalizer::PRESERVING_NORMALIZATIONS | UriNormalizer::REMOVE_DOT_SEGMENTS;
        return ['valid' => true, 'normalized' => (string)UriNormalizer::normalize(new Uri($in), $flags)];
    },
]);
