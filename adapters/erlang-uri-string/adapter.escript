#!/usr/bin/env escript
%% -*- erlang -*-
%% erlang-uri-string: Erlang/OTP's uri_string (stdlib) through
%% adapters/PROTOCOL.md: uri_string:parse/1 (parse), resolve/2, normalize/1.
%% uri_string raises (function_clause) on some octets, 0xFF among them:
%% every call is wrapped, and an exception is answered as
%% {"valid": false, "exception": ...}, never a dead process.  OTP before 27
%% has no json module: a small JSON reader and writer are below.
%% Mapping to the component model: README.md here.
-mode(compile).

main(_) ->
    %% unicode: lines come in as their UTF-8 octets and binaries go out as
    %% written (with latin1 the io server turned UTF-8 input into Latin-1
    %% characters' UTF-8, and a \u00e9 of a request went out as the octet e9)
    ok = io:setopts(standard_io, [binary, {encoding, unicode}]),
    application:load(stdlib),
    {ok, Vsn} = application:get_key(stdlib, vsn),
    Hello = ["{\"adapter\": \"erlang-uri-string\", \"library\": \"erlang/otp ",
             erlang:system_info(otp_release), " uri_string (stdlib ", Vsn,
             ")\", \"spec\": \"rfc3986\", \"ops\": [\"parse\", \"resolve\", \"normalize\"], \"protocol\": 1}\n"],
    io:put_chars(standard_io, iolist_to_binary(Hello)),
    loop().

loop() ->
    case io:get_line(standard_io, "") of
        eof -> ok;
        {error, _} -> ok;
        Line0 ->
            Line = strip_eol(Line0),
            case is_blank(Line) of
                true -> ok;
                false -> io:put_chars(standard_io, [serve_line(Line), $\n])
            end,
            loop()
    end.

strip_eol(B) ->
    case B of
        <<>> -> B;
        _ ->
            case binary:last(B) of
                C when C =:= $\n; C =:= $\r -> strip_eol(binary:part(B, 0, byte_size(B) - 1));
                _ -> B
            end
    end.

is_blank(B) -> lists:all(fun(C) -> lists:member(C, " \t\r") end, binary_to_list(B)).

serve_line(Line) ->
    case catch decode(Line) of
        {ok, Req} when is_map(Req) ->
            Id = maps:get(<<"id">>, Req, null),
            Fields = try answer(Req)
                     catch
                         throw:{bad, Why} -> [{<<"error">>, Why}];
                         throw:{unsupported, Why} -> [{<<"unsupported">>, Why}];
                         Class:Reason ->
                             [{<<"valid">>, false},
                              {<<"exception">>, exception_text(Class, Reason)}]
                     end,
            encode({obj, [{<<"id">>, Id} | Fields]});
        _ ->
            <<"{\"id\": null, \"error\": \"request is not a JSON object\"}">>
    end.

exception_text(Class, Reason) ->
    T = lists:flatten(io_lib:format("~p: ~0P", [Class, Reason, 8])),
    unicode:characters_to_binary(lists:sublist(T, 200), latin1).

%% ---- the library ----------------------------------------------------------

-define(KNOWN, [<<"parse">>, <<"match">>, <<"resolve">>, <<"normalize">>, <<"equivalent">>, <<"iri-to-uri">>, <<"recompose">>, <<"fetch">>]).

answer(Req) ->
    Op = case maps:get(<<"op">>, Req, null) of null -> <<"parse">>; O -> O end,
    lists:member(Op, ?KNOWN) orelse throw({bad, <<"unknown op">>}),
    Input = case field(Req, <<"input">>) of
                undefined -> throw({bad, <<"request has neither input nor input_hex">>});
                I -> I
            end,
    case Op of
        <<"parse">> ->
            case maps:get(<<"rule">>, Req, null) of
                null -> ok;
                <<"URI-reference">> -> ok;
                _ -> throw({unsupported, <<"uri_string:parse has one entry point (URI-reference)">>})
            end,
            case uri_string:parse(Input) of
                {error, _, _} -> [{<<"valid">>, false}];
                M when is_map(M) -> [{<<"valid">>, true}, {<<"components">>, components(M)}]
            end;
        <<"resolve">> ->
            Base = case field(Req, <<"base">>) of
                       undefined -> throw({bad, <<"resolve needs a base">>});
                       B -> B
                   end,
            maps:get(<<"strict">>, Req, true) =:= false andalso
                throw({unsupported, <<"uri_string:resolve has no non-strict (RFC 3986 5.2.2) mode">>}),
            result(uri_string:resolve(Input, Base), <<"target">>);
        <<"normalize">> ->
            case maps:get(<<"level">>, Req, null) of
                null -> ok;
                <<"syntax">> -> ok;
                _ -> throw({unsupported, <<"uri_string:normalize has one level">>})
            end,
            result(uri_string:normalize(Input), <<"normalized">>);
        _ ->
            throw({unsupported, <<"op not supported by this adapter">>})
    end.

result({error, _, _}, _) -> [{<<"valid">>, false}];
result(B, Key) when is_binary(B) -> [{<<"valid">>, true}, {Key, {octets, B}}];
result(L, Key) when is_list(L) -> [{<<"valid">>, true}, {Key, {octets, unicode:characters_to_binary(L)}}].

%% uri_string's map: a key is there when the component is defined.  The host
%% loses an IP-literal's brackets (a host with ":" can only come from one);
%% the port is an integer (leading zeros lost) or the atom undefined for an
%% empty one ("h:"); no raw authority is kept (left out).
components(M) ->
    Opt = fun(K) -> case maps:find(K, M) of {ok, V} -> {octets, V}; error -> null end end,
    Auth = case maps:find(host, M) of
               error ->
                   [{<<"authority">>, null}, {<<"userinfo">>, null}, {<<"host">>, null},
                    {<<"host_type">>, null}, {<<"port">>, null}];
               {ok, H0} ->
                   H = case binary:match(H0, <<":">>) of
                           nomatch -> H0;
                           _ -> <<"[", H0/binary, "]">>
                       end,
                   Port = case maps:find(port, M) of
                              error -> null;
                              {ok, undefined} -> <<>>;
                              {ok, P} -> integer_to_binary(P)
                          end,
                   [{<<"userinfo">>, Opt(userinfo)}, {<<"host">>, {octets, H}},
                    {<<"host_type">>, host_type(H)}, {<<"port">>, Port}]
           end,
    {obj, [{<<"scheme">>, Opt(scheme)} | Auth] ++
         [{<<"path">>, {octets, maps:get(path, M, <<>>)}},
          {<<"query">>, Opt(query)}, {<<"fragment">>, Opt(fragment)}]}.

host_type(<<"[v", _/binary>>) -> <<"IPvFuture">>;
host_type(<<"[V", _/binary>>) -> <<"IPvFuture">>;
host_type(<<"[", _/binary>>) -> <<"IPv6address">>;
host_type(H) ->
    case re:run(H, "^(25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])(\\.(25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])){3}$") of
        {match, _} -> <<"IPv4address">>;
        nomatch -> <<"reg-name">>
    end.

%% NAME or NAME_hex of the request as octets, or undefined.
field(Req, Name) ->
    case maps:get(Name, Req, null) of
        null ->
            case maps:get(<<Name/binary, "_hex">>, Req, null) of
                null -> undefined;
                H when is_binary(H), byte_size(H) rem 2 =:= 0 ->
                    try binary:decode_hex(H)
                    catch _:_ -> throw({bad, <<Name/binary, "_hex is not hex digits">>})
                    end;
                _ -> throw({bad, <<Name/binary, "_hex is not hex digits">>})
            end;
        S when is_binary(S) -> S;
        _ -> throw({bad, <<Name/binary, " is not a string">>})
    end.

%% ---- JSON ----------------------------------------------------------------
%% decode: objects are maps with binary keys, strings binaries (UTF-8),
%% numbers kept as written ({num, Text}), true/false/null atoms.

decode(B) ->
    {V, Rest} = value(ws(B)),
    <<>> = ws(Rest),
    {ok, V}.

ws(<<C, R/binary>>) when C =:= $\s; C =:= $\t; C =:= $\r; C =:= $\n -> ws(R);
ws(B) -> B.

value(<<"{", R/binary>>) -> object(ws(R), #{});
value(<<"[", R/binary>>) -> array(ws(R), []);
value(<<"\"", R/binary>>) -> string(R, []);
value(<<"true", R/binary>>) -> {true, R};
value(<<"false", R/binary>>) -> {false, R};
value(<<"null", R/binary>>) -> {null, R};
value(B) -> number(B, []).

object(<<"}", R/binary>>, M) -> {M, R};
object(<<"\"", R/binary>>, M) ->
    {K, R1} = string(R, []),
    <<":", R2/binary>> = ws(R1),
    {V, R3} = value(ws(R2)),
    case ws(R3) of
        <<",", R4/binary>> -> object(ws(R4), M#{K => V});
        <<"}", R4/binary>> -> {M#{K => V}, R4}
    end.

array(<<"]", R/binary>>, L) -> {lists:reverse(L), R};
array(B, L) ->
    {V, R1} = value(B),
    case ws(R1) of
        <<",", R2/binary>> -> array(ws(R2), [V | L]);
        <<"]", R2/binary>> -> {lists:reverse([V | L]), R2}
    end.

number(<<C, R/binary>>, Acc) when (C >= $0 andalso C =< $9); C =:= $-; C =:= $+; C =:= $.; C =:= $e; C =:= $E ->
    number(R, [C | Acc]);
number(R, Acc) when Acc =/= [] -> {{num, list_to_binary(lists:reverse(Acc))}, R}.

string(<<"\"", R/binary>>, Acc) -> {iolist_to_binary(lists:reverse(Acc)), R};
string(<<"\\u", A, B, C, D, R/binary>>, Acc) ->
    U = list_to_integer([A, B, C, D], 16),
    if
        U >= 16#D800, U < 16#DC00 ->
            case R of
                <<"\\u", E, F, G, H, R2/binary>> ->
                    Lo = list_to_integer([E, F, G, H], 16),
                    Cp = 16#10000 + ((U - 16#D800) bsl 10) + (Lo - 16#DC00),
                    string(R2, [<<Cp/utf8>> | Acc]);
                _ -> string(R, [<<16#FFFD/utf8>> | Acc])
            end;
        U >= 16#DC00, U < 16#E000 -> string(R, [<<16#FFFD/utf8>> | Acc]);
        true -> string(R, [<<U/utf8>> | Acc])
    end;
string(<<"\\", C, R/binary>>, Acc) ->
    Ch = case C of $n -> $\n; $t -> $\t; $r -> $\r; $b -> $\b; $f -> $\f; _ -> C end,
    string(R, [Ch | Acc]);
string(<<C, R/binary>>, Acc) -> string(R, [C | Acc]).

%% encode: {obj, [{Key, Value}]} in order; {octets, Bin} a component value
%% (a string when UTF-8, else {"hex": ...}); binaries are UTF-8 text.
encode(null) -> <<"null">>;
encode(true) -> <<"true">>;
encode(false) -> <<"false">>;
encode({num, T}) -> T;
encode({obj, KVs}) ->
    Parts = [[encode_str(K), <<": ">>, encode(V)] || {K, V} <- KVs],
    iolist_to_binary([${, lists:join(<<", ">>, Parts), $}]);
encode(M) when is_map(M) -> encode({obj, maps:to_list(M)});
encode(L) when is_list(L) -> iolist_to_binary([$[, lists:join(<<", ">>, [encode(V) || V <- L]), $]]);
encode({octets, B}) ->
    case unicode:characters_to_binary(B, utf8, utf8) of
        B2 when is_binary(B2) -> encode_str(B);
        _ -> iolist_to_binary([<<"{\"hex\": \"">>, binary:encode_hex(B, lowercase), <<"\"}">>])
    end;
encode(B) when is_binary(B) -> encode_str(B).

encode_str(B) -> iolist_to_binary([$", [esc(C) || <<C>> <= B], $"]).

esc($") -> <<"\\\"">>;
esc($\\) -> <<"\\\\">>;
esc($\n) -> <<"\\n">>;
esc($\r) -> <<"\\r">>;
esc($\t) -> <<"\\t">>;
esc(C) when C < 16#20 -> io_lib:format("\\u~4.16.0b", [C]);
esc(C) -> C.
