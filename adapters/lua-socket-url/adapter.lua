-- lua-socket-url: LuaSocket's socket.url (url.parse, url.absolute), the URL
-- module of Lua programs, through adapters/PROTOCOL.md.  Requests are read
-- with lua-cjson; answers are written here (cjson would write octets that
-- are not UTF-8 raw, PROTOCOL.md section 5 wants {"hex": ...}).  Lua
-- strings are octets: input_hex is given to the library as it is.
-- Mapping to the component model: README.md.
local url = require("socket.url")
local socket = require("socket")
local cjson = require("cjson")

local OPS = { parse = true, match = true, resolve = true, normalize = true,
              equivalent = true, ["iri-to-uri"] = true, recompose = true, fetch = true }

local function jstr(s)
  if not utf8.len(s) then
    return '{"hex":"' .. s:gsub(".", function(c) return string.format("%02x", c:byte()) end) .. '"}'
  end
  return '"' .. s:gsub('[%c"\\]', function(c)
    if c == '"' then return '\\"' elseif c == "\\" then return "\\\\" end
    return string.format("\\u%04x", c:byte())
  end) .. '"'
end

local function jid(id)
  if id == nil or id == cjson.null then return "null" end
  if type(id) == "number" then
    local i = math.tointeger(id)
    return i and string.format("%d", i) or string.format("%.17g", id)
  end
  if type(id) == "string" then return jstr(id) end
  return "null"
end

-- FIELD or FIELD_hex of REQ as octets; nil when absent; error(msg) when bad.
local function octets(req, name)
  local v = req[name]
  if v ~= nil and v ~= cjson.null then
    if type(v) ~= "string" then error({ bad = name .. " is not a string" }) end
    return v
  end
  local h = req[name .. "_hex"]
  if h == nil or h == cjson.null then return nil end
  if type(h) ~= "string" or #h % 2 == 1 or h:find("[^%x]") then
    error({ bad = name .. "_hex is not hex digits" })
  end
  return (h:gsub("%x%x", function(d) return string.char(tonumber(d, 16)) end))
end

local function host_type(h)
  if h:sub(1, 1) == "[" then
    return h:sub(2, 2):lower() == "v" and "IPvFuture" or "IPv6address"
  end
  local dec = "(%d+)"
  local a, b, c, d = h:match("^" .. dec .. "%." .. dec .. "%." .. dec .. "%." .. dec .. "$")
  if a then
    for _, o in ipairs({ a, b, c, d }) do
      if #o > 3 or tonumber(o) > 255 or (#o > 1 and o:sub(1, 1) == "0") then return "reg-name" end
    end
    return "IPv4address"
  end
  return "reg-name"
end

-- url.parse splits ";params" off the last segment of the path (RFC 1808)
-- and drops an IP-literal's brackets: both are put back.
local function components(p)
  local c = { { "scheme", p.scheme } }
  if p.authority == nil then
    for _, k in ipairs({ "authority", "userinfo", "host", "host_type", "port" }) do c[#c + 1] = { k } end
  else
    local host = p.host or ""
    if p.authority:find("[" .. host .. "]", 1, true) and host ~= "" then host = "[" .. host .. "]" end
    c[#c + 1] = { "authority", p.authority }
    c[#c + 1] = { "userinfo", p.userinfo }
    c[#c + 1] = { "host", host }
    c[#c + 1] = { "host_type", host_type(host) }
    c[#c + 1] = { "port", p.port }
  end
  local path = p.path or ""
  if p.params then path = path .. ";" .. p.params end
  c[#c + 1] = { "path", path }
  c[#c + 1] = { "query", p.query }
  c[#c + 1] = { "fragment", p.fragment }
  local out = {}
  for _, kv in ipairs(c) do
    out[#out + 1] = '"' .. kv[1] .. '":' .. (kv[2] == nil and "null" or jstr(kv[2]))
  end
  return "{" .. table.concat(out, ",") .. "}"
end

local function answer(req)
  local op = req.op
  if op == nil or op == cjson.null then op = "parse" end
  if type(op) ~= "string" or not OPS[op] then return '"error":"unknown op"' end
  local input = octets(req, "input")
  if input == nil then return '"error":"request has neither input nor input_hex"' end
  if op == "parse" then
    if req.rule ~= nil and req.rule ~= cjson.null and req.rule ~= "URI-reference" then
      return '"unsupported":"url.parse has one entry point (URI-reference)"'
    end
    -- url.parse returns nil for the empty string only
    local p = url.parse(input)
    if not p then return '"valid":false' end
    return '"valid":true,"components":' .. components(p)
  elseif op == "recompose" then
    -- url.build: the URL socket.url writes for what it parsed
    local p = url.parse(input)
    if not p then return '"valid":false' end
    return '"valid":true,"output":' .. jstr(url.build(p))
  elseif op == "resolve" then
    local base = octets(req, "base")
    if base == nil then return '"error":"resolve needs a base"' end
    if req.strict == false then return '"unsupported":"url.absolute has no non-strict mode"' end
    return '"valid":true,"target":' .. jstr(url.absolute(base, input))
  end
  return '"unsupported":"op ' .. op .. ' not supported by this adapter"'
end

local function serve_line(line)
  local ok, req = pcall(cjson.decode, line)
  if not ok or type(req) ~= "table" or req[1] ~= nil then
    return '{"id":null,"error":"request is not a JSON object"}'
  end
  local ok2, body = pcall(answer, req)
  if not ok2 then
    if type(body) == "table" and body.bad then
      body = '"error":' .. jstr(body.bad)
    else
      body = '"valid":false,"exception":' .. jstr(tostring(body):sub(1, 200))
    end
  end
  return '{"id":' .. jid(req.id) .. "," .. body .. "}"
end

io.stdout:setvbuf("full")
io.stdout:write('{"adapter":"lua-socket-url","library":' .. jstr(socket._VERSION .. " socket.url (" .. _VERSION .. ")") ..
  ',"spec":"rfc3986","ops":["parse","resolve","recompose"],"protocol":1}\n')
io.stdout:flush()
-- Answers are flushed when no further request is waiting on standard input
-- (PROTOCOL.md section 6): socket.select polls file descriptor 0.
local stdin_fd = { getfd = function() return 0 end }
for line in io.lines() do
  line = line:gsub("\r$", "")
  if line:find("%S") then io.stdout:write(serve_line(line), "\n") end
  local ready = socket.select({ stdin_fd }, nil, 0)
  if #ready == 0 then io.stdout:flush() end
end
io.stdout:flush()
