<?php
// phpadapter.php: the adapter side of adapters/PROTOCOL.md for PHP libraries
// (one loop for every PHP adapter).  An adapter defines its op handlers and
// calls serve():
//
//     require __DIR__ . '/../common/phpadapter.php';
//     serve(['adapter' => 'name', 'library' => 'lib 1.0', 'spec' => 'other'],
//           ['parse' => function (array $req, string $input) { ... }]);
//
// A handler gets the request and its input octets (input or input_hex) and
// returns the answer without its id (PROTOCOL.md section 4).  A BadRequest it
// throws is answered "error"; any other exception is the library refusing the
// input: valid false, with the exception's text.

const IPV4 = '/^(25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])(\.(25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])){3}$/';
const KNOWN = ['parse', 'match', 'resolve', 'normalize', 'equivalent', 'iri-to-uri', 'recompose', 'fetch'];

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

function answer(array $req, array $handlers) {
    $op = $req['op'] ?? 'parse';
    if (!is_string($op) || !in_array($op, KNOWN, true)) throw new BadRequest('unknown op');
    if (!isset($handlers[$op])) return ['unsupported' => "op $op not supported by this adapter"];
    $in = octets($req, 'input');
    if ($in === null) throw new BadRequest('request has neither input nor input_hex');
    return $handlers[$op]($req, $in);
}

// The answer line (LF included) to request line LINE.
function answer_line(string $line, array $handlers, int $flags) {
    $req = json_decode($line, true);
    if (!is_array($req) || array_is_list($req) && $req !== []) {
        return json_encode(['id' => null, 'error' => 'request is not a JSON object'], $flags) . "\n";
    }
    try {
        $ans = ['id' => $req['id'] ?? null] + answer($req, $handlers);
    } catch (BadRequest $e) {
        $ans = ['id' => $req['id'] ?? null, 'error' => $e->getMessage()];
    } catch (Throwable $e) {
        $ans = ['id' => $req['id'] ?? null, 'valid' => false, 'library_error' => substr($e->getMessage(), 0, 200)];
    }
    $out = json_encode($ans, $flags);
    if ($out === false) $out = json_encode(['id' => $req['id'] ?? null, 'error' => 'internal: ' . json_last_error_msg()], $flags);
    return $out . "\n";
}

function write_all($out, string $s) {
    for ($at = 0; $at < strlen($s); $at += $n) {
        $n = fwrite($out, substr($s, $at));
        if ($n === false || $n === 0) exit(1); // the harness is gone
    }
}

// Requests are read in chunks of up to 64 KiB (a line may be of any length);
// the answers to the lines of one read go out in one write before the next
// read (PROTOCOL.md section 6): a write per read, not two per answer.
function serve(array $hello, array $handlers) {
    $flags = JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE | JSON_PRESERVE_ZERO_FRACTION;
    $in = fopen('php://stdin', 'rb');
    $out = fopen('php://stdout', 'wb');
    stream_set_read_buffer($in, 0);
    stream_set_write_buffer($out, 0);
    write_all($out, json_encode($hello + ['ops' => array_keys($handlers), 'protocol' => 1], $flags) . "\n");
    $buf = '';
    while (true) {
        $answers = '';
        $start = 0;
        while (($nl = strpos($buf, "\n", $start)) !== false) {
            $line = rtrim(substr($buf, $start, $nl - $start), "\r");
            $start = $nl + 1;
            if (trim($line) !== '') $answers .= answer_line($line, $handlers, $flags);
        }
        $buf = substr($buf, $start);
        if ($answers !== '') write_all($out, $answers);
        $chunk = fread($in, 65536);
        if ($chunk === false || $chunk === '') break;
        $buf .= $chunk;
    }
    // a last line without LF
    $line = rtrim($buf, "\r");
    if (trim($line) !== '') write_all($out, answer_line($line, $handlers, $flags));
}
