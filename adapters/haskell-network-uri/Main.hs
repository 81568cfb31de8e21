{-# LANGUAGE CPP #-}
{-# LANGUAGE OverloadedStrings #-}
-- haskell-network-uri: Haskell's network-uri (Network.URI, a parser written
-- from RFC 3986's ABNF with parsec) through adapters/PROTOCOL.md.
-- parse: parseURIReference (and parseURI, parseAbsoluteURI,
-- parseRelativeReference for the rules URI, absolute-URI, relative-ref);
-- match: isURI, isURIReference, isRelativeReference, isAbsoluteURI,
-- isIPv4address, isIPv6address; resolve: relativeTo (strict) and
-- nonStrictRelativeTo; normalize: normalizeCase, normalizeEscape and
-- normalizePathSegments.  network-uri works on String: the adapter gives it
-- one Char per octet (Latin-1), so every input reaches the library as its
-- octets, and turns each Char of an answer back into its octet.  Standard
-- input is read in chunks; the answers to every complete line of a chunk
-- are written, then flushed, before the next read (the protocol's flushing
-- rule).  The GHC boot packages have no JSON library: a small reader and
-- writer are below.  Mapping to the component model: README.md here.
module Main (main) where

import qualified Data.ByteString as B
import qualified Data.ByteString.Builder as BB
import qualified Data.ByteString.Char8 as BC
import qualified Data.ByteString.Lazy as BL
import Data.Bits (shiftR, (.&.), (.|.))
import Data.Char (chr, isDigit, isHexDigit, ord, toLower)
import Data.List (isPrefixOf)
import qualified Data.Text.Encoding as TE
import Data.Word (Word8)
import Network.URI
import Data.Version (showVersion)
import System.IO (BufferMode (..), hFlush, hSetBinaryMode, hSetBuffering, stdin, stdout)
import System.Info (fullCompilerVersion)

-- ---- JSON values --------------------------------------------------------

-- strings are octets (UTF-8 from the text, or any octets from _hex);
-- numbers and every id are kept as written
data J = JObj [(B.ByteString, J)] | JStr B.ByteString | JRaw B.ByteString | JBool Bool | JOther
  deriving (Eq)

parseValue :: B.ByteString -> Maybe (J, B.ByteString)
parseValue s0 = case BC.uncons s of
  Just ('{', r) -> object (ws r) []
  Just ('"', r) -> do (v, r') <- str r []; Just (JStr v, r')
  Just ('[', r) -> array (ws r)
  Just (c, _) | c == '-' || isDigit c -> let (n, r) = BC.span numChar s in Just (JRaw n, r)
  _ | "true" `B.isPrefixOf` s -> Just (JBool True, B.drop 4 s)
    | "false" `B.isPrefixOf` s -> Just (JBool False, B.drop 5 s)
    | "null" `B.isPrefixOf` s -> Just (JOther, B.drop 4 s)
    | otherwise -> Nothing
  where
    s = ws s0
    numChar c = isDigit c || c `elem` ("+-.eE" :: String)
    object r acc = case BC.uncons r of
      Just ('}', r') -> Just (JObj (reverse acc), r')
      Just ('"', r') -> do
        (k, r1) <- str r' []
        r2 <- expect ':' (ws r1)
        (v, r3) <- parseValue r2
        case BC.uncons (ws r3) of
          Just (',', r4) -> object (ws r4) ((k, v) : acc)
          Just ('}', r4) -> Just (JObj (reverse ((k, v) : acc)), r4)
          _ -> Nothing
      _ -> Nothing
    array r = case BC.uncons r of
      Just (']', r') -> Just (JOther, r')
      _ -> do
        (_, r1) <- parseValue r
        case BC.uncons (ws r1) of
          Just (',', r2) -> array (ws r2)
          Just (']', r2) -> Just (JOther, r2)
          _ -> Nothing

-- the raw text of the value at the start of S, and the rest
rawValue :: B.ByteString -> Maybe (B.ByteString, J, B.ByteString)
rawValue s = do
  (v, r) <- parseValue s
  let s' = ws s
  Just (B.take (B.length s' - B.length r) s', v, r)

ws :: B.ByteString -> B.ByteString
ws = BC.dropWhile (`elem` (" \t\r\n" :: String))

expect :: Char -> B.ByteString -> Maybe B.ByteString
expect c r = case BC.uncons r of
  Just (c', r') | c == c' -> Just (ws r')
  _ -> Nothing

-- a JSON string after its opening quote: its octets (UTF-8) and the rest
str :: B.ByteString -> [B.ByteString] -> Maybe (B.ByteString, B.ByteString)
str s acc =
  let (run, r) = BC.break (\c -> c == '"' || c == '\\') s
      acc' = run : acc
   in case BC.uncons r of
        Just ('"', r') -> Just (B.concat (reverse acc'), r')
        Just ('\\', r') -> case BC.uncons r' of
          Just ('u', r2) -> do
            (u, r3) <- hex4 r2
            if u >= 0xD800 && u < 0xDC00
              then case hexPair r3 of
                Just (lo, r4) | lo >= 0xDC00 && lo < 0xE000 ->
                  str r4 (encodeUtf8 (0x10000 + (u - 0xD800) * 0x400 + (lo - 0xDC00)) : acc')
                _ -> str r3 (encodeUtf8 0xFFFD : acc')
              else str r3 (encodeUtf8 (if u >= 0xDC00 && u < 0xE000 then 0xFFFD else u) : acc')
          Just (c, r2) -> str r2 (BC.singleton (unescape c) : acc')
          Nothing -> Nothing
        _ -> Nothing
  where
    hexPair r = case BC.uncons r of
      Just ('\\', r1) | Just ('u', r2) <- BC.uncons r1 -> hex4 r2
      _ -> Nothing
    unescape c = case c of
      'n' -> '\n'; 't' -> '\t'; 'r' -> '\r'; 'b' -> '\b'; 'f' -> '\f'; _ -> c

hex4 :: B.ByteString -> Maybe (Int, B.ByteString)
hex4 r
  | B.length r >= 4 && BC.all isHexDigit h = Just (read ("0x" ++ BC.unpack h), B.drop 4 r)
  | otherwise = Nothing
  where
    h = B.take 4 r

encodeUtf8 :: Int -> B.ByteString
encodeUtf8 c
  | c < 0x80 = B.singleton (fromIntegral c)
  | c < 0x800 = B.pack [0xC0 .|. hi 6, cont 0]
  | c < 0x10000 = B.pack [0xE0 .|. hi 12, cont 6, cont 0]
  | otherwise = B.pack [0xF0 .|. hi 18, cont 12, cont 6, cont 0]
  where
    hi n = fromIntegral (c `shiftR` n)
    cont n = 0x80 .|. (fromIntegral (c `shiftR` n) .&. 0x3F)

-- ---- answers ------------------------------------------------------------

data V = VNull | VOctets B.ByteString | VBool Bool

jsonStr :: B.ByteString -> BB.Builder
jsonStr b = BB.char7 '"' <> B.foldr (\w acc -> esc w <> acc) mempty b <> BB.char7 '"'
  where
    esc :: Word8 -> BB.Builder
    esc 0x22 = BB.string7 "\\\""
    esc 0x5C = BB.string7 "\\\\"
    esc 0x0A = BB.string7 "\\n"
    esc 0x0D = BB.string7 "\\r"
    esc 0x09 = BB.string7 "\\t"
    esc w
      | w < 0x20 = BB.string7 "\\u00" <> BB.word8HexFixed w
      | otherwise = BB.word8 w

value :: V -> BB.Builder
value VNull = BB.string7 "null"
value (VBool b) = BB.string7 (if b then "true" else "false")
value (VOctets b) = case TE.decodeUtf8' b of
  Right _ -> jsonStr b
  Left _ -> BB.string7 "{\"hex\": \"" <> BB.byteStringHex b <> BB.string7 "\"}"

obj :: [(String, BB.Builder)] -> BB.Builder
obj kvs = BB.char7 '{' <> go kvs <> BB.char7 '}'
  where
    go [] = mempty
    go [(k, v)] = member k v
    go ((k, v) : r) = member k v <> BB.string7 ", " <> go r
    member k v = jsonStr (BC.pack k) <> BB.string7 ": " <> v

-- ---- requests -----------------------------------------------------------

data Answer = Fields [(String, BB.Builder)] | Unsupported String | Bad String

octets :: String -> B.ByteString
octets = B.pack . map (fromIntegral . ord)

chars :: B.ByteString -> String
chars = map (chr . fromIntegral) . B.unpack

lookupJ :: B.ByteString -> [(B.ByteString, J)] -> Maybe J
lookupJ = lookup

-- field NAME or NAME_hex as a String of octets; Left why when malformed
field :: [(B.ByteString, J)] -> String -> Either String (Maybe String)
field o name = case lookupJ (BC.pack name) o of
  Just (JStr s) -> Right (Just (chars s))
  Just _ -> Left (name ++ " is not a string")
  Nothing -> case lookupJ (BC.pack (name ++ "_hex")) o of
    Just (JStr h)
      | even (B.length h) && BC.all isHexDigit h -> Right (Just (unhex (BC.unpack h)))
    Just _ -> Left (name ++ "_hex is not hex digits")
    Nothing -> Right Nothing
  where
    unhex (a : b : r) = chr (read ['0', 'x', a, b]) : unhex r
    unhex _ = []

strField :: [(B.ByteString, J)] -> String -> Maybe String
strField o name = case lookupJ (BC.pack name) o of
  Just (JStr s) -> Just (BC.unpack s)
  _ -> Nothing

answer :: [(B.ByteString, J)] -> Answer
answer o =
  case (op, field o "input") of
    (_, Left why) -> Bad why
    (Just p, _) | p `notElem` ops -> Bad "unknown op"
    (_, Right Nothing) -> Bad "request has neither input nor input_hex"
    (Just "resolve", Right (Just ref)) -> case field o "base" of
      Left why -> Bad why
      Right Nothing -> Bad "resolve needs a base"
      Right (Just base) -> resolve base ref (lookup "strict" o == Just (JBool False))
    (Just "match", Right (Just s)) -> match (strField o "rule") s
    (Just "normalize", Right (Just s)) -> case strField o "level" of
      l | l `elem` [Nothing, Just "syntax"] -> normalize s
      _ -> Unsupported "network-uri's normalize functions are RFC 3986 6.2.2 (level syntax)"
    (Just "parse", Right (Just s)) -> parse (strField o "rule") s
    (Nothing, Right (Just s)) -> parse (strField o "rule") s
    _ -> Unsupported "op not supported by this adapter"
  where
    op = strField o "op"
    ops = ["parse", "match", "resolve", "normalize", "equivalent", "iri-to-uri", "recompose", "fetch"]

parse :: Maybe String -> String -> Answer
parse rule s = case rule of
  Nothing -> go parseURIReference
  Just "URI-reference" -> go parseURIReference
  Just "URI" -> go parseURI
  Just "absolute-URI" -> go parseAbsoluteURI
  Just "relative-ref" -> go parseRelativeReference
  _ -> Unsupported "network-uri parses URI-reference, URI, absolute-URI and relative-ref"
  where
    go f = case f s of
      Nothing -> Fields [("valid", value (VBool False))]
      Just u -> Fields [("valid", value (VBool True)), ("components", components u)]

components :: URI -> BB.Builder
components u =
  obj $
    [("scheme", opt (uriScheme u) ':' False)]
      ++ auth (uriAuthority u)
      ++ [ ("path", value (VOctets (octets (uriPath u)))),
           ("query", opt (uriQuery u) '?' True),
           ("fragment", opt (uriFragment u) '#' True)
         ]
  where
    -- network-uri keeps each delimiter with its component: "http:",
    -- "u@", ":80", "?q", "#f"; "" is undefined
    opt "" _ _ = value VNull
    opt v c lead = value (VOctets (octets (strip v c lead)))
    strip v c True = if take 1 v == [c] then drop 1 v else v
    strip v c False = if not (null v) && last v == c then init v else v
    auth Nothing = [(k, value VNull) | k <- ["authority", "userinfo", "host", "host_type", "port"]]
    auth (Just a) =
      let ui = uriUserInfo a; h = uriRegName a; p = uriPort a
       in [ ("authority", value (VOctets (octets (ui ++ h ++ p)))),
            ("userinfo", opt ui '@' False),
            ("host", value (VOctets (octets h))),
            ("host_type", value (VOctets (octets (hostType h)))),
            ("port", opt p ':' True)
          ]

hostType :: String -> String
hostType h
  | "[v" `isPrefixOf` map toLower h = "IPvFuture"
  | "[" `isPrefixOf` h = "IPv6address"
  | isIPv4address h = "IPv4address"
  | otherwise = "reg-name"

match :: Maybe String -> String -> Answer
match rule s = case rule of
  Just "URI" -> yes isURI
  Just "URI-reference" -> yes isURIReference
  Just "relative-ref" -> yes isRelativeReference
  Just "absolute-URI" -> yes isAbsoluteURI
  Just "IPv4address" -> yes isIPv4address
  Just "IPv6address" -> yes isIPv6address
  _ -> Unsupported "network-uri has no test for this rule"
  where
    yes f = Fields [("valid", value (VBool (f s)))]

resolve :: String -> String -> Bool -> Answer
resolve base ref nonStrict = case (parseURI base, parseURIReference ref) of
  (Just b, Just r) ->
    let t = (if nonStrict then nonStrictRelativeTo else relativeTo) r b
     in Fields [("valid", value (VBool True)), ("target", value (VOctets (octets (uriToString id t ""))))]
  _ -> Fields [("valid", value (VBool False))]

normalize :: String -> Answer
normalize s
  | isURIReference s =
      Fields [("valid", value (VBool True)), ("normalized", value (VOctets (octets n)))]
  | otherwise = Fields [("valid", value (VBool False))]
  where
    n = normalizePathSegments (normalizeEscape (normalizeCase s))

-- ---- the loop -----------------------------------------------------------

serve :: B.ByteString -> Maybe BB.Builder
serve line0
  | BC.all (`elem` (" \t" :: String)) line = Nothing
  | otherwise = Just $ case rawValue line of
      Just (_, JObj o, rest) | B.null (ws rest) ->
        let idText = maybe (BB.string7 "null") raw (lookupRaw o)
         in case answer o of
              Fields fs -> obj (("id", idText) : fs)
              Unsupported why -> obj [("id", idText), ("unsupported", jsonStr (BC.pack why))]
              Bad why -> obj [("id", idText), ("error", jsonStr (BC.pack why))]
      _ -> BB.string7 "{\"id\": null, \"error\": \"request is not a JSON object\"}"
  where
    line = if not (B.null line0) && BC.last line0 == '\r' then B.init line0 else line0
    raw = BB.byteString
    -- the id as written: found again in the line (its first key "id")
    lookupRaw o = case lookup "id" o of
      Nothing -> Nothing
      Just _ -> idRaw line

-- the raw text of the top-level "id" member of the object LINE
idRaw :: B.ByteString -> Maybe B.ByteString
idRaw line = do
  r <- expect '{' (ws line)
  members r
  where
    members r = do
      r1 <- expect '"' r
      (k, r2) <- str r1 []
      r3 <- expect ':' (ws r2)
      (rawv, _, r4) <- rawValue r3
      if k == "id"
        then Just rawv
        else case BC.uncons (ws r4) of
          Just (',', r5) -> members (ws r5)
          _ -> Nothing

loop :: B.ByteString -> IO ()
loop pending = do
  chunk <- B.hGetSome stdin 65536
  if B.null chunk
    then do
      -- end of input: a last line without LF is answered too
      mapM_ (\b -> BB.hPutBuilder stdout (b <> BB.char7 '\n')) (serve pending)
      hFlush stdout
    else do
      let buf = pending <> chunk
          lns = BC.split '\n' buf
          complete = init lns
      BB.hPutBuilder stdout (mconcat [b <> BB.char7 '\n' | Just b <- map serve complete])
      hFlush stdout
      loop (last lns)

main :: IO ()
main = do
  hSetBinaryMode stdin True
  hSetBinaryMode stdout True
  hSetBuffering stdout (BlockBuffering (Just 65536))
  BL.hPut stdout . BB.toLazyByteString $
    BB.string7 "{\"adapter\": \"haskell-network-uri\", \"library\": \"network-uri " <> BB.string7 NETWORK_URI_VERSION
      <> BB.string7 " (ghc " <> BB.string7 (showVersion fullCompilerVersion) <> BB.string7 ")\", \"spec\": \"rfc3986\", "
      <> BB.string7 "\"ops\": [\"parse\", \"match\", \"resolve\", \"normalize\"], \"protocol\": 1}\n"
  hFlush stdout
  loop B.empty
