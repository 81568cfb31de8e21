(* ocaml-uri: the OCaml uri library (Uri.of_string, Uri.resolve), the URI
   type of cohttp and the Mirage HTTP stack, through adapters/PROTOCOL.md.
   Requests are read with Yojson; answers written with it.  OCaml strings
   are octets: input_hex is given to the library as it is, and an answer
   value that is not UTF-8 is sent as {"hex": ...}.  Mapping to the
   component model: README.md. *)

exception Bad of string
exception Unsupported of string

let known = [ "parse"; "match"; "resolve"; "normalize"; "equivalent"; "iri-to-uri"; "recompose"; "fetch" ]

(* Whether S is well-formed UTF-8 (RFC 3629: no overlongs, no surrogates,
   nothing above U+10FFFF). *)
let valid_utf8 s =
  let n = String.length s in
  let byte i = if i < n then Char.code s.[i] else 0 in
  let cont i = byte i land 0xC0 = 0x80 in
  let rec go i =
    if i >= n then true
    else
      let c = byte i in
      if c < 0x80 then go (i + 1)
      else if c >= 0xC2 && c <= 0xDF then cont (i + 1) && go (i + 2)
      else if c >= 0xE0 && c <= 0xEF then
        let c1 = byte (i + 1) in
        let lo, hi = if c = 0xE0 then (0xA0, 0xBF) else if c = 0xED then (0x80, 0x9F) else (0x80, 0xBF) in
        c1 >= lo && c1 <= hi && cont (i + 2) && go (i + 3)
      else if c >= 0xF0 && c <= 0xF4 then
        let c1 = byte (i + 1) in
        let lo, hi = if c = 0xF0 then (0x90, 0xBF) else if c = 0xF4 then (0x80, 0x8F) else (0x80, 0xBF) in
        c1 >= lo && c1 <= hi && cont (i + 2) && cont (i + 3) && go (i + 4)
      else false
  in
  go 0

(* A string value: as is when UTF-8, else {"hex": ...}. *)
let value s =
  if valid_utf8 s then `String s
  else `Assoc [ ("hex", `String (String.concat "" (List.init (String.length s) (fun i -> Printf.sprintf "%02x" (Char.code s.[i]))))) ]

let opt = function None -> `Null | Some s -> value s

let unhex name h =
  let n = String.length h in
  let ok = n mod 2 = 0 && String.for_all (function '0' .. '9' | 'a' .. 'f' | 'A' .. 'F' -> true | _ -> false) h in
  if not ok then raise (Bad (name ^ "_hex is not hex digits"));
  String.init (n / 2) (fun i -> Char.chr (int_of_string ("0x" ^ String.sub h (2 * i) 2)))

(* Field NAME (or NAME_hex) of REQ as octets; None when absent. *)
let field req name =
  match (List.assoc_opt name req, List.assoc_opt (name ^ "_hex") req) with
  | Some (`String s), _ -> Some s
  | (None | Some `Null), (None | Some `Null) -> None
  | (None | Some `Null), Some (`String h) -> Some (unhex name h)
  | _ -> raise (Bad (name ^ " is not a string"))

let is_ipv4 h =
  let dec p =
    p <> "" && String.length p <= 3
    && String.for_all (function '0' .. '9' -> true | _ -> false) p
    && (String.length p = 1 || p.[0] <> '0')
    && int_of_string p <= 255
  in
  match String.split_on_char '.' h with [ _; _; _; _ ] as ps -> List.for_all dec ps | _ -> false

(* Uri keeps a host percent-decoded and an IP-literal without brackets
   (put back), the port as a number (written in decimal), and no authority
   as a whole (left out). *)
let components u =
  let auth =
    match Uri.host u with
    | None -> List.map (fun k -> (k, `Null)) [ "authority"; "userinfo"; "host"; "host_type"; "port" ]
    | Some h ->
        let h, t =
          if String.contains h ':' && h.[0] <> '[' then ("[" ^ h ^ "]", "IPv6address")
          else if String.length h > 0 && h.[0] = '[' then (h, if String.length h > 1 && (h.[1] = 'v' || h.[1] = 'V') then "IPvFuture" else "IPv6address")
          else (h, if is_ipv4 h then "IPv4address" else "reg-name")
        in
        [ ("userinfo", opt (Uri.userinfo u)); ("host", value h); ("host_type", `String t);
          ("port", match Uri.port u with None -> `Null | Some p -> `String (string_of_int p)) ]
  in
  `Assoc
    ((("scheme", opt (Uri.scheme u)) :: auth)
    @ [ ("path", value (Uri.path u)); ("query", opt (Uri.verbatim_query u)); ("fragment", opt (Uri.fragment u)) ])

let answer req =
  let op = match List.assoc_opt "op" req with None | Some `Null -> "parse" | Some (`String s) -> s | _ -> "" in
  if not (List.mem op known) then [ ("error", `String "unknown op") ]
  else
    let input = match field req "input" with Some s -> s | None -> raise (Bad "request has neither input nor input_hex") in
    match op with
    | "parse" -> (
        match List.assoc_opt "rule" req with
        | None | Some `Null | Some (`String "URI-reference") ->
            (* Uri.of_string never fails: every input is read somehow *)
            [ ("valid", `Bool true); ("components", components (Uri.of_string input)) ]
        | _ -> raise (Unsupported "Uri.of_string has one entry point (URI-reference)"))
    | "resolve" ->
        let base = match field req "base" with Some b -> b | None -> raise (Bad "resolve needs a base") in
        if List.assoc_opt "strict" req = Some (`Bool false) then raise (Unsupported "Uri.resolve has no non-strict mode");
        [ ("valid", `Bool true); ("target", value (Uri.to_string (Uri.resolve "" (Uri.of_string base) (Uri.of_string input)))) ]
    | "recompose" ->
        (* Uri.to_string: the URI the library writes for what it read *)
        [ ("valid", `Bool true); ("output", value (Uri.to_string (Uri.of_string input))) ]
    | _ -> raise (Unsupported ("op " ^ op ^ " not supported by this adapter"))

let serve_line line =
  match Yojson.Safe.from_string line with
  | exception _ -> `Assoc [ ("id", `Null); ("error", `String "request is not a JSON object") ]
  | `Assoc req ->
      let id = match List.assoc_opt "id" req with Some ((`Int _ | `Intlit _ | `Float _ | `String _) as i) -> i | _ -> `Null in
      let body =
        try answer req with
        | Bad why -> [ ("error", `String why) ]
        | Unsupported why -> [ ("unsupported", `String why) ]
        | e -> [ ("valid", `Bool false); ("exception", value (Printexc.to_string e)) ]
      in
      `Assoc (("id", id) :: body)
  | _ -> `Assoc [ ("id", `Null); ("error", `String "request is not a JSON object") ]

let () =
  let out = Buffer.create 65536 in
  let flush () = print_string (Buffer.contents out); Stdlib.flush stdout; Buffer.clear out in
  print_endline
    (Yojson.Safe.to_string
       (`Assoc [ ("adapter", `String "ocaml-uri"); ("library", `String ("ocaml " ^ Version.library));
                 ("spec", `String "rfc3986"); ("ops", `List [ `String "parse"; `String "resolve"; `String "recompose" ]); ("protocol", `Int 1) ]));
  Stdlib.flush stdout;
  (* answers are flushed when no further request is waiting (PROTOCOL.md 6) *)
  let pending () = match Unix.select [ Unix.stdin ] [] [] 0.0 with [], _, _ -> false | _ -> true in
  try
    while true do
      let line = input_line stdin in
      let line = if line <> "" && line.[String.length line - 1] = '\r' then String.sub line 0 (String.length line - 1) else line in
      if String.trim line <> "" then (Buffer.add_string out (Yojson.Safe.to_string (serve_line line)); Buffer.add_char out '\n');
      if Buffer.length out > 65536 || not (pending ()) then flush ()
    done
  with End_of_file -> flush ()
