<?php
// php-filter-var: PHP's filter_var($s, FILTER_VALIDATE_URL), a validator
// (adapter.json "role": "validator": accept or reject only), through
// adapters/PROTOCOL.md (loop in ../common/phpadapter.php).  README.md here.
require __DIR__ . '/../common/phpadapter.php';

serve(['adapter' => 'php-filter-var', 'library' => 'php ' . PHP_VERSION . ' filter_var FILTER_VALIDATE_URL', 'spec' => 'other'], [
    'parse' => function (array $req, string $in) {
        if (isset($req['rule']) && !in_array($req['rule'], ['URI-reference', 'URI', 'absolute-URI'], true))
            return ['unsupported' => 'FILTER_VALIDATE_URL validates absolute URLs only'];
        return ['valid' => filter_var($in, FILTER_VALIDATE_URL) !== false];
    },
]);
