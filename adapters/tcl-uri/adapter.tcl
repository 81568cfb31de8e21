#!/usr/bin/tclsh
# tcl-uri: tcllib's uri package (uri::split, uri::resolve; Debian tcllib)
# through adapters/PROTOCOL.md, one request per line.  Mapping: README.md.
package require uri
package require json

set KNOWN {parse match resolve normalize equivalent iri-to-uri recompose fetch}
set IPV4 {^(25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])(\.(25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])){3}$}

# JSON string escapes (RFC 8259 section 7): the quote, the backslash and the
# controls U+0000..U+001F; everything else is written as it is, in UTF-8.
set JESC [list "\\" "\\\\" "\"" "\\\""]
for {set i 0} {$i < 32} {incr i} {
    lappend JESC [format %c $i] [format "\\u%04x" $i]
}
# A string with nothing to escape, most of them, is written without the map
# (string map tries its 34 keys at every character).
proc jstr {s} {
    if {![regexp {[\x00-\x1f"\\]} $s]} { return "\"$s\"" }
    return "\"[string map $::JESC $s]\""
}
# {"k": v, ...} from a list of keys and values already written as JSON.
proc jobj {args} {
    set out {}
    foreach {k v} $args { lappend out "\"$k\":$v" }
    return "\{[join $out ,]\}"
}
# An id as it came: json2dict keeps no types, so an integer is written as a
# number (the harness numbers its requests) and anything else as a string.
proc jid {v} { return [expr {[string is entier -strict $v] ? $v : [jstr $v]}] }

proc host_type {h} {
    if {[string index $h 0] eq "\["} {
        return [expr {[string match -nocase {\[v*} $h] ? "IPvFuture" : "IPv6address"}]
    }
    if {[regexp $::IPV4 $h]} { return IPv4address }
    return reg-name
}

# Field NAME of REQ (or NAME_hex decoded as UTF-8), or "\0null".  json2dict
# keeps no types: a member that is not a string (a number, true, an array:
# PROTOCOL.md section 4, error) is told by the request line itself, $::line,
# where its value does not open with a quote.
proc field {req name} {
    if {[dict exists $req $name]} {
        if {[regexp "(^|\[^\\\\\])\"$name\"\\s*:\\s*\[^\"\\s\]" $::line]} { error "bad:$name is not a string" }
        return [dict get $req $name]
    }
    if {![dict exists $req ${name}_hex]} { return "\0null" }
    set h [dict get $req ${name}_hex]
    if {[string length $h] % 2 || ![regexp {^[0-9a-fA-F]*$} $h]} { error "bad:${name}_hex is not hex digits" }
    set octets [binary format H* $h]
    set text [encoding convertfrom utf-8 $octets]
    if {[encoding convertto utf-8 $text] ne $octets} { error "unsupported:tcllib takes Tcl (Unicode) strings: input is not UTF-8" }
    return $text
}

# The component model from uri::split's dictionary.
proc components {d} {
    set c [list scheme [jstr [dict get $d scheme]]]
    set host [expr {[dict exists $d host] ? [dict get $d host] : ""}]
    set user [expr {[dict exists $d user] ? [dict get $d user] : ""}]
    if {$host eq "" && $user eq ""} {
        lappend c authority null userinfo null host null host_type null port null
    } else {
        lappend c host [jstr $host] host_type [jstr [host_type $host]]
        # "" is both absent and empty for userinfo and port: left out then
        if {$user ne ""} {
            set pwd [expr {[dict exists $d pwd] ? [dict get $d pwd] : ""}]
            lappend c userinfo [jstr [expr {$pwd ne "" ? "$user:$pwd" : $user}]]
        }
        if {[dict exists $d port] && [dict get $d port] ne ""} { lappend c port [jstr [dict get $d port]] }
    }
    # tcllib keeps the path without its first "/"; pbare says there was none
    set path [expr {[dict exists $d path] ? [dict get $d path] : ""}]
    set bare [expr {[dict exists $d pbare] && [dict get $d pbare]}]
    lappend c path [jstr [expr {$bare && $path eq "" ? "" : "/$path"}]]
    foreach {k key} {query query fragment fragment} {
        if {[dict exists $d $key] && [dict get $d $key] ne ""} { lappend c $k [jstr [dict get $d $key]] }
    }
    return [jobj {*}$c]
}

proc answer {req} {
    set op [expr {[dict exists $req op] ? [dict get $req op] : "parse"}]
    if {$op ni $::KNOWN} { error "bad:unknown op" }
    set input [field $req input]
    if {$input eq "\0null"} { error "bad:request has neither input nor input_hex" }
    switch -- $op {
        parse {
            if {[dict exists $req rule] && [dict get $req rule] ne "URI-reference"} {
                return [list unsupported [jstr "uri::split has one entry point"]]
            }
            if {[catch {uri::split $input} d]} { return [list valid false library_error [jstr $d]] }
            return [list valid true components [components $d]]
        }
        resolve {
            set base [field $req base]
            if {$base eq "\0null"} { error "bad:resolve needs a base" }
            if {[dict exists $req strict] && ![dict get $req strict]} {
                return [list unsupported [jstr "uri::resolve has no non-strict (5.2.2) mode"]]
            }
            if {[catch {uri::resolve $base $input} t]} { return [list valid false library_error [jstr $t]] }
            return [list valid true target [jstr $t]]
        }
        default { return [list unsupported [jstr "op $op not supported by this adapter"]] }
    }
}

# reads of 64 KiB, and the answers to one read's lines in one write (the
# output buffer holds a million bytes, Tcl's bound): a flush when the input
# buffer is empty is then one write per read, not one per 4 KiB
# stdin is read as octets and each line decoded apart: decoding the stream
# let octets that are not UTF-8 run into the next line or split one (a
# line of random octets answered twice, PROTOCOL.md section 1)
fconfigure stdin -translation binary -buffering full -buffersize 65536
fconfigure stdout -encoding utf-8 -translation lf -buffering full -buffersize 1000000
puts [jobj adapter [jstr tcl-uri] library [jstr "tcllib uri [package present uri] (tcl [info patchlevel])"] \
    spec [jstr other] ops {["parse","resolve"]} protocol 1]
flush stdout
while {[gets stdin line] >= 0} {
    set line [encoding convertfrom utf-8 $line]
    if {[string trim $line] eq ""} continue
    if {[catch {json::json2dict $line} req] || [catch {dict size $req}]} {
        puts [jobj id null error [jstr "request is not a JSON object"]]
        continue
    }
    set id [expr {[dict exists $req id] ? [jid [dict get $req id]] : "null"}]
    if {[catch {answer $req} ans]} {
        if {[string match bad:* $ans]} {
            set ans [list error [jstr [string range $ans 4 end]]]
        } elseif {[string match unsupported:* $ans]} {
            set ans [list unsupported [jstr [string range $ans 12 end]]]
        } else {
            set ans [list valid false library_error [jstr [string range $ans 0 199]]]
        }
    }
    puts [jobj id $id {*}$ans]
    # flush when no further request is waiting (PROTOCOL.md section 6)
    if {[chan pending input stdin] == 0} { flush stdout }
}
flush stdout
