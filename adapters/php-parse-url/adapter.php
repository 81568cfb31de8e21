<?php
// php-parse-url: PHP's parse_url() through adapters/PROTOCOL.md (loop in
// ../common/phpadapter.php).  PHP has no reference resolution, so only
// parse.  parse_url() rewrites control characters (to "_"): the adapter
// reports what it returns, not what was sent.  Mapping: README.md here.
require __DIR__ . '/../common/phpadapter.php';

function components(array $p) {
    $c = ['scheme' => $p['scheme'] ?? null];
    if (!array_key_exists('host', $p)) {
        // no host: parse_url reads no authority ("file:///p" is read so too)
        $c += ['authority' => null, 'userinfo' => null, 'host' => null, 'host_type' => null, 'port' => null];
    } else {
        $c['host'] = $p['host'];
        $c['host_type'] = host_type($p['host']);
        if (array_key_exists('user', $p)) {
            $c['userinfo'] = $p['user'] . (array_key_exists('pass', $p) ? ':' . $p['pass'] : '');
        } else {
            $c['userinfo'] = null;
        }
        // port is an int (leading zeros lost); no port and an empty one both
        // read as no "port" key: left out then
        if (array_key_exists('port', $p)) $c['port'] = (string)$p['port'];
        // authority left out: parse_url keeps no raw authority
    }
    $c['path'] = $p['path'] ?? '';
    $c['query'] = $p['query'] ?? null;
    $c['fragment'] = $p['fragment'] ?? null;
    return array_map('val', $c);
}

// The op fetch (DESIGN.md "The fetch lab"): file_get_contents through PHP's
// http stream wrapper, redirects off.  Only http and https URLs are given
// to it (file_get_contents would read a local file for anything else).
// The wrapper says why it failed only in warnings: one naming the
// resolver, the network, TLS or the HTTP exchange is an attempt; without
// one ("operation failed": the wrapper's own URL parse) it refused.
function fetch(string $in): array {
    if (!preg_match('~^https?://~i', $in)) return ['valid' => false, 'error' => 'not an http or https URL'];
    $said = [];
    set_error_handler(function ($no, $msg) use (&$said) { $said[] = $msg; return true; });
    $ctx = stream_context_create(['http' => ['follow_location' => 0, 'ignore_errors' => true]]);
    $body = file_get_contents($in, false, $ctx);
    restore_error_handler();
    if ($body !== false) return ['valid' => true];
    $all = implode("\n", $said);
    if (preg_match('/getaddrinfo|Network|Connection|SSL|crypto|HTTP request failed|timed out|reset/i', $all)) {
        return ['valid' => true];
    }
    return ['valid' => false, 'error' => substr($all, 0, 200)];
}

serve(['adapter' => 'php-parse-url', 'library' => 'php ' . PHP_VERSION . ' parse_url', 'spec' => 'other'], [
    'parse' => function (array $req, string $in) {
        if (isset($req['rule']) && $req['rule'] !== 'URI-reference') return ['unsupported' => 'parse_url() has one entry point'];
        $p = parse_url($in);
        if ($p === false) return ['valid' => false];
        return ['valid' => true, 'components' => components($p)];
    },
    'fetch' => fn (array $req, string $in) => fetch($in),
]);
