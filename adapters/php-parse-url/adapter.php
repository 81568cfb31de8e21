<?php
// php-parse-url: PHP's parse_url() through adapters/PROTOCOL.md.  PHP has no
// reference resolution, so only parse.  parse_url() rewrites control
// characters (to "_"): the adapter reports what it returns, not what was
// sent.  Mapping to the component model: README.md here.

const IPV4 = '/^(25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])(\.(25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])){3}$/';
const KNOWN = ['parse', 'match', 'resolve', 'normalize', 'equivalent', 'iri-to-uri'];

class BadRequest extends Exception {}

// A value for JSON: a string when it is UTF-8, else ["hex" => ...].
function val($v) {
    if ($v === null) return null;
    $v = (string)$v;
    return preg_match('//u', $v) === 1 ? $v : ['hex' => bin2hex($v)];
}

function host_type($h) {
    if (strncmp($h, '[', 1) === 0) return preg_match('/^\[[vV]/', $h) ? 'IPvFuture' : 'IPv6address';
    return preg_match(IPV4, $h) ? 'IPv4address' : 'reg-name';
}

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

function octets(array $req, $name) {
    if (isset($req[$name])) {
        if (!is_string($req[$name])) throw new BadRequest("$name is not a string");
        return $req[$name];
    }
    if (!isset($req[$name . '_hex'])) return null;
    $h = $req[$name . '_hex'];
    if (!is_string($h) || strlen($h) % 2 || preg_match('/[^0-9a-fA-F]/', $h)) throw new BadRequest("{$name}_hex is not hex digits");
    return hex2bin($h);
}

function answer(array $req) {
    $op = $req['op'] ?? 'parse';
    if (!is_string($op) || !in_array($op, KNOWN, true)) throw new BadRequest('unknown op');
    if ($op !== 'parse') return ['unsupported' => "op $op not supported: PHP has parse_url() only"];
    $in = octets($req, 'input');
    if ($in === null) throw new BadRequest('request has neither input nor input_hex');
    if (isset($req['rule']) && $req['rule'] !== 'URI-reference') return ['unsupported' => 'parse_url() has one entry point'];
    $p = parse_url($in);
    if ($p === false) return ['valid' => false];
    return ['valid' => true, 'components' => components($p)];
}

$flags = JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE | JSON_PRESERVE_ZERO_FRACTION;
echo json_encode(['adapter' => 'php-parse-url', 'library' => 'php ' . PHP_VERSION . ' parse_url', 'spec' => 'other',
                  'ops' => ['parse'], 'protocol' => 1], $flags), "\n";
$in = fopen('php://stdin', 'rb');
while (($line = fgets($in)) !== false) {
    $line = rtrim($line, "\r\n");
    if (trim($line) === '') continue;
    $req = json_decode($line, true);
    if (!is_array($req) || array_is_list($req) && $req !== []) {
        echo json_encode(['id' => null, 'error' => 'request is not a JSON object'], $flags), "\n";
        continue;
    }
    try {
        $ans = ['id' => $req['id'] ?? null] + answer($req);
    } catch (BadRequest $e) {
        $ans = ['id' => $req['id'] ?? null, 'error' => $e->getMessage()];
    } catch (Throwable $e) {
        $ans = ['id' => $req['id'] ?? null, 'valid' => false, 'exception' => substr($e->getMessage(), 0, 200)];
    }
    $out = json_encode($ans, $flags);
    if ($out === false) $out = json_encode(['id' => $req['id'] ?? null, 'error' => 'internal: ' . json_last_error_msg()], $flags);
    echo $out, "\n";
    flush();
}
