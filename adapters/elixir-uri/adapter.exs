# elixir-uri: Elixir's URI module (URI.parse/1, URI.merge/2, URI.to_string/1)
# through adapters/PROTOCOL.md, in one long-lived BEAM process started with
# `elixir --erl "-noinput +S 1 +sbwt none ..."` (adapter.json: no shell
# reader on standard input; one scheduler, which does not busy-wait: the
# loop is sequential and the machine shared).  Standard input and output are one
# port on file descriptors 0 and 1, so the loop sees whether more requests
# are waiting (its mailbox) and writes its answers in one batch when none
# is: the protocol's flushing rule.  Every library call is wrapped: an
# exception (URI.merge onto a base without a host, URI.to_string of a host
# with a relative path) is {"valid": false, "exception": text}, never a
# dead process.  Elixir 1.14 has no JSON module: a small reader and writer
# are below.  Mapping to the component model: README.md here.

defmodule ElixirUriAdapter do
  @ops ["parse", "match", "resolve", "normalize", "equivalent", "iri-to-uri", "recompose", "fetch"]

  def main do
    port = Port.open({:fd, 0, 1}, [:binary, :stream, {:line, 65536}, :eof])

    hello =
      ~s|{"adapter": "elixir-uri", "library": "elixir #{System.version()} URI (otp #{:erlang.system_info(:otp_release)})", | <>
        ~s|"spec": "rfc3986", "ops": ["parse", "resolve"], "protocol": 1}\n|

    Port.command(port, hello)
    loop(port, [], [])
  end

  # PARTIAL: pieces of a line longer than the port's line length;
  # OUT: answers not yet written, newest first.
  defp loop(port, partial, out) do
    receive do
      {^port, {:data, {:noeol, piece}}} ->
        loop(port, [piece | partial], out)

      {^port, {:data, {:eol, piece}}} ->
        line = IO.iodata_to_binary(Enum.reverse([piece | partial]))
        loop(port, [], answer_line(line, out))

      {^port, :eof} ->
        last = IO.iodata_to_binary(Enum.reverse(partial))
        write(port, if(partial == [], do: out, else: answer_line(last, out)))
        Port.close(port)
    after
      # no request waiting: write what is answered, then wait
      if(out == [], do: :infinity, else: 0) ->
        write(port, out)
        loop(port, partial, [])
    end
  end

  defp write(_port, []), do: :ok
  defp write(port, out), do: Port.command(port, Enum.reverse(out))

  defp answer_line(line, out) do
    line = strip_cr(line)

    if blank?(line) do
      out
    else
      [[serve(line), ?\n] | out]
    end
  end

  defp blank?(<<c, r::binary>>) when c == ?\s or c == ?\t, do: blank?(r)
  defp blank?(b), do: b == ""

  defp strip_cr(line) do
    size = byte_size(line)
    if size > 0 and :binary.last(line) == ?\r, do: binary_part(line, 0, size - 1), else: line
  end

  def serve(line) do
    case decode(line) do
      {:ok, req} when is_map(req) ->
        id = Map.get(req, "id", :null)

        fields =
          try do
            answer(req)
          catch
            :throw, {:bad, why} -> [{"error", why}]
            :throw, {:unsupported, why} -> [{"unsupported", why}]
            kind, reason -> [{"valid", false}, {"exception", exception_text(kind, reason, __STACKTRACE__)}]
          end

        encode({:obj, [{"id", id} | fields]})

      _ ->
        ~s|{"id": null, "error": "request is not a JSON object"}|
    end
  end

  defp exception_text(kind, reason, stack) do
    text = Exception.format_banner(kind, reason, stack)
    text = if String.valid?(text), do: text, else: inspect(text)
    String.slice(text, 0, 200)
  end

  # ---- the library --------------------------------------------------------

  defp answer(req) do
    op =
      case Map.get(req, "op", :null) do
        :null -> "parse"
        o -> o
      end

    op in @ops or throw({:bad, "unknown op"})
    input = field(req, "input") || throw({:bad, "request has neither input nor input_hex"})

    case op do
      "parse" ->
        case Map.get(req, "rule", :null) do
          r when r in [:null, "URI-reference"] -> :ok
          _ -> throw({:unsupported, "URI.parse has one entry point (URI-reference)"})
        end

        uri = URI.parse(input)
        [{"valid", true}, {"components", components(uri)}]

      "resolve" ->
        base = field(req, "base") || throw({:bad, "resolve needs a base"})

        Map.get(req, "strict", true) == false and
          throw({:unsupported, "URI.merge has no non-strict (RFC 3986 5.2.2) mode"})

        target = URI.to_string(URI.merge(base, input))
        [{"valid", true}, {"target", {:octets, target}}]

      _ ->
        throw({:unsupported, "op not supported by this adapter"})
    end
  end

  # URI.parse never rejects: it splits with RFC 3986 Appendix B's regex and
  # then the authority with a second regex.  The host loses an IP-literal's
  # brackets (put back when the authority's host part is "[" host "]");
  # the port is an integer, the scheme's default when none is written (then
  # left out: a written default cannot be told from a filled one); an
  # empty path, userinfo or host is nil.
  defp components(uri) do
    auth =
      case uri.authority do
        nil ->
          [{"authority", :null}, {"userinfo", :null}, {"host", :null}, {"host_type", :null}, {"port", :null}]

        a ->
          host = bracket(a, uri.host)

          port =
            cond do
              uri.port != nil and uri.scheme != nil and uri.port == URI.default_port(uri.scheme) -> []
              uri.port == nil -> [{"port", :null}]
              true -> [{"port", {:octets, Integer.to_string(uri.port)}}]
            end

          [{"authority", {:octets, a}}, {"userinfo", opt(uri.userinfo)}, {"host", opt(host)},
           {"host_type", host_type(host)}] ++ port
      end

    {:obj,
     [{"scheme", opt(uri.scheme)} | auth] ++
       [{"path", {:octets, uri.path || ""}}, {"query", opt(uri.query)}, {"fragment", opt(uri.fragment)}]}
  end

  defp opt(nil), do: :null
  defp opt(v), do: {:octets, v}

  defp bracket(_authority, nil), do: nil

  defp bracket(authority, host) do
    after_at =
      case :binary.matches(authority, "@") do
        [] -> authority
        ms -> {pos, 1} = List.last(ms); binary_part(authority, pos + 1, byte_size(authority) - pos - 1)
      end

    if String.starts_with?(after_at, "[" <> host <> "]"), do: "[" <> host <> "]", else: host
  end

  defp host_type(nil), do: :null
  defp host_type("[v" <> _), do: "IPvFuture"
  defp host_type("[V" <> _), do: "IPvFuture"
  defp host_type("[" <> _), do: "IPv6address"

  defp host_type(h) do
    if Regex.match?(~r/^(25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])(\.(25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])){3}$/, h),
      do: "IPv4address",
      else: "reg-name"
  end

  # NAME or NAME_hex of the request as octets, or nil.
  defp field(req, name) do
    case Map.get(req, name, :null) do
      :null ->
        case Map.get(req, name <> "_hex", :null) do
          :null ->
            nil

          h when is_binary(h) ->
            case Base.decode16(h, case: :mixed) do
              {:ok, b} -> b
              :error -> throw({:bad, name <> "_hex is not hex digits"})
            end

          _ ->
            throw({:bad, name <> "_hex is not hex digits"})
        end

      s when is_binary(s) ->
        s

      _ ->
        throw({:bad, name <> " is not a string"})
    end
  end

  # ---- JSON ---------------------------------------------------------------
  # decode: objects are maps with string keys, strings binaries (UTF-8),
  # numbers kept as written ({:num, text}), true/false/:null.

  def decode(b) do
    try do
      {v, rest} = value(ws(b))
      "" = ws(rest)
      {:ok, v}
    rescue
      _ -> :error
    catch
      _, _ -> :error
    end
  end

  defp ws(<<c, r::binary>>) when c in ~c[ \t\r\n], do: ws(r)
  defp ws(b), do: b

  defp value("{" <> r), do: object(ws(r), %{})
  defp value("[" <> r), do: array(ws(r), [])
  defp value("\"" <> r), do: string(r, [])
  defp value("true" <> r), do: {true, r}
  defp value("false" <> r), do: {false, r}
  defp value("null" <> r), do: {:null, r}
  defp value(b), do: number(b, [])

  defp object("}" <> r, m), do: {m, r}

  defp object("\"" <> r, m) do
    {k, r1} = string(r, [])
    ":" <> r2 = ws(r1)
    {v, r3} = value(ws(r2))

    case ws(r3) do
      "," <> r4 -> object(ws(r4), Map.put(m, k, v))
      "}" <> r4 -> {Map.put(m, k, v), r4}
    end
  end

  defp array("]" <> r, l), do: {Enum.reverse(l), r}

  defp array(b, l) do
    {v, r1} = value(b)

    case ws(r1) do
      "," <> r2 -> array(ws(r2), [v | l])
      "]" <> r2 -> {Enum.reverse([v | l]), r2}
    end
  end

  defp number(<<c, r::binary>>, acc) when c in ?0..?9 or c in ~c[-+.eE], do: number(r, [c | acc])
  defp number(r, acc) when acc != [], do: {{:num, IO.iodata_to_binary(Enum.reverse(acc))}, r}

  # the common case first: a run of octets without escape or quote
  defp string(b, acc) do
    case :binary.match(b, ["\"", "\\"]) do
      {pos, 1} ->
        <<run::binary-size(pos), c, r::binary>> = b
        acc = [acc | run]
        if c == ?", do: {IO.iodata_to_binary(acc), r}, else: escape(r, acc)
    end
  end

  defp escape(<<"u", a, b, c, d, r::binary>>, acc) do
    u = String.to_integer(<<a, b, c, d>>, 16)

    cond do
      u in 0xD800..0xDBFF ->
        case r do
          <<"\\u", e, f, g, h, r2::binary>> ->
            lo = String.to_integer(<<e, f, g, h>>, 16)

            if lo in 0xDC00..0xDFFF,
              do: string(r2, [acc | <<0x10000 + (u - 0xD800) * 0x400 + (lo - 0xDC00)::utf8>>]),
              else: string(r, [acc | <<0xFFFD::utf8>>])

          _ ->
            string(r, [acc | <<0xFFFD::utf8>>])
        end

      u in 0xDC00..0xDFFF ->
        string(r, [acc | <<0xFFFD::utf8>>])

      true ->
        string(r, [acc | <<u::utf8>>])
    end
  end

  defp escape(<<c, r::binary>>, acc) do
    ch =
      case c do
        ?n -> ?\n
        ?t -> ?\t
        ?r -> ?\r
        ?b -> ?\b
        ?f -> ?\f
        _ -> c
      end

    string(r, [acc, ch])
  end

  # encode: {:obj, [{key, value}]} in order; {:octets, bin} a component
  # value (a string when UTF-8, else {"hex": ...}); binaries are UTF-8 text.
  def encode(:null), do: "null"
  def encode(true), do: "true"
  def encode(false), do: "false"
  def encode({:num, t}), do: t

  def encode({:obj, kvs}) do
    ["{", Enum.map_intersperse(kvs, ", ", fn {k, v} -> [encode_str(k), ": ", encode(v)] end), "}"]
  end

  def encode({:octets, b}) do
    if String.valid?(b),
      do: encode_str(b),
      else: [~s|{"hex": "|, Base.encode16(b, case: :lower), ~s|"}|]
  end

  def encode(b) when is_binary(b), do: encode_str(b)

  defp encode_str(b), do: [?", esc(b, []), ?"]

  # runs of octets that need no escape are copied as sub-binaries
  defp esc(<<>>, acc), do: acc
  defp esc(<<c, r::binary>>, acc) when c == ?" or c == ?\\ or c < 0x20, do: esc(r, [acc | esc_char(c)])

  defp esc(b, acc) do
    n = run_length(b, 0)
    esc(binary_part(b, n, byte_size(b) - n), [acc | binary_part(b, 0, n)])
  end

  defp run_length(<<c, r::binary>>, n) when c != ?" and c != ?\\ and c >= 0x20, do: run_length(r, n + 1)
  defp run_length(_, n), do: n

  defp esc_char(?"), do: "\\\""
  defp esc_char(?\\), do: "\\\\"
  defp esc_char(?\n), do: "\\n"
  defp esc_char(?\r), do: "\\r"
  defp esc_char(?\t), do: "\\t"
  defp esc_char(c), do: :io_lib.format("\\u~4.16.0b", [c])
end

ElixirUriAdapter.main()
