;;; guile-web-uri: Guile's (web uri) module (string->uri-reference), the URI
;;; type of Guile's web client and server, through adapters/PROTOCOL.md.
;;; Requests are read with guile-json's (json); answers are written here
;;; (guile-json writes control characters raw, which JSON forbids).
;;; Mapping to the component model: README.md.
(use-modules (web uri) (json) (ice-9 rdelim) (ice-9 regex) (rnrs bytevectors))

(define known-ops (quote ("parse" "match" "resolve" "normalize" "equivalent" "iri-to-uri" "recompose" "fetch")))

(define (field req name) (assoc-ref req name))
(define (given? v) (and v (not (eq? v 'null))))

;; Field NAME (or NAME_hex) of REQ as a string; #f when absent.  Guile
;; strings are characters: octets that are not UTF-8 are unsupported.
(define (text req name)
  (let ((v (field req name)) (h (field req (string-append name "_hex"))))
    (cond
     ((given? v) (if (string? v) v (throw 'bad (string-append name " is not a string"))))
     ((not (given? h)) #f)
     ((or (not (string? h)) (odd? (string-length h))
          (string-match "[^0-9a-fA-F]" h))
      (throw 'bad (string-append name "_hex is not hex digits")))
     (else
      (let* ((n (quotient (string-length h) 2))
             (bv (make-bytevector n)))
        (do ((k 0 (1+ k))) ((= k n))
          (bytevector-u8-set! bv k (string->number (substring h (* 2 k) (+ 2 (* 2 k))) 16)))
        (catch #t
          (lambda () (utf8->string bv))
          (lambda _ (throw 'unsupported "Guile strings are characters: input is not UTF-8"))))))))

(define ipv4-rx
  (make-regexp "^((25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])\\.){3}(25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])$"))

;; The host without an IP-literal's brackets, as (web uri) keeps it.
(define (host-and-type h)
  (cond
   ((string-index h #\:) (values (string-append "[" h "]") "IPv6address"))
   ((regexp-exec ipv4-rx h) (values h "IPv4address"))
   (else (values h "reg-name"))))

;; (web uri) keeps no authority as a whole (left out), reads an empty
;; authority ("file:///p") as none and an empty port as none, and keeps the
;; port as a number (written in decimal).
(define (components u)
  (let ((scheme (uri-scheme u)) (host (uri-host u)))
    (append
     (list (cons "scheme" (if scheme (symbol->string scheme) 'null)))
     (if host
         (call-with-values (lambda () (host-and-type host))
           (lambda (h type)
             (list (cons "userinfo" (or (uri-userinfo u) 'null))
                   (cons "host" h) (cons "host_type" type)
                   (cons "port" (if (uri-port u) (number->string (uri-port u)) 'null)))))
         (map (lambda (k) (cons k 'null)) '("authority" "userinfo" "host" "host_type" "port")))
     (list (cons "path" (uri-path u))
           (cons "query" (or (uri-query u) 'null))
           (cons "fragment" (or (uri-fragment u) 'null))))))

(define (answer req)
  (let ((op (if (given? (field req "op")) (field req "op") "parse")))
    (cond
     ((not (member op known-ops)) (list (cons "error" "unknown op")))
     ((not (member op '("parse" "recompose")))
      (list (cons "unsupported" (string-append "op " op " not supported by this adapter"))))
     ((and (given? (field req "rule")) (not (equal? (field req "rule") "URI-reference")))
      (list (cons "unsupported" "string->uri-reference has one entry point (URI-reference)")))
     (else
      (let ((input (text req "input")))
        (cond
         ((not input) (list (cons "error" "request has neither input nor input_hex")))
         ;; its POSIX regexps stop at a NUL: the library would see less
         ((string-index input #\nul)
          (list (cons "unsupported" "(web uri) matches with POSIX regexps: input has a NUL octet")))
         (else
            (let ((u (string->uri-reference input)))
              (cond
               ((not u) (list (cons "valid" #f)))
               ;; uri->string: the URI (web uri) writes for what it parsed
               ((string=? op "recompose")
                (list (cons "valid" #t) (cons "output" (uri->string u))))
               (else (list (cons "valid" #t) (cons "components" (components u)))))))))))))

;; VALUE (an alist, a string, a number, #t, #f or 'null) as JSON on PORT.
(define (write-json v port)
  (cond
   ((eq? v 'null) (display "null" port))
   ((eq? v #t) (display "true" port))
   ((eq? v #f) (display "false" port))
   ((number? v) (display v port))
   ((string? v)
    (write-char #\" port)
    (string-for-each
     (lambda (c)
       (cond
        ((char=? c #\") (display "\\\"" port))
        ((char=? c #\\) (display "\\\\" port))
        ((< (char->integer c) #x20)
         (display (string-append "\\u00" (if (< (char->integer c) 16) "0" "")
                                 (number->string (char->integer c) 16)) port))
        (else (write-char c port))))
     v)
    (write-char #\" port))
   ((vector? v)
    (write-char #\[ port)
    (let loop ((k 0))
      (when (< k (vector-length v))
        (when (> k 0) (write-char #\, port))
        (write-json (vector-ref v k) port)
        (loop (1+ k))))
    (write-char #\] port))
   (else
    (write-char #\{ port)
    (let loop ((l v) (first #t))
      (unless (null? l)
        (unless first (write-char #\, port))
        (write-json (caar l) port)
        (write-char #\: port)
        (write-json (cdar l) port)
        (loop (cdr l) #f)))
    (write-char #\} port))))

(define (serve-line line)
  (let ((req (catch #t (lambda () (json-string->scm line)) (lambda _ #f))))
    (if (not (and (pair? req) (pair? (car req))))
        (if (null? req)
            '(("id" . null) ("error" . "request has neither input nor input_hex"))
            '(("id" . null) ("error" . "request is not a JSON object")))
        (let ((id (let ((i (field req "id"))) (if (or (number? i) (string? i)) i 'null))))
          (cons (cons "id" id)
                (catch 'bad
                  (lambda ()
                    (catch 'unsupported
                      (lambda () (answer req))
                      (lambda (k why) (list (cons "unsupported" why)))))
                  (lambda (k why) (list (cons "error" why)))))))))

(define out (current-output-port))
(define in (current-input-port))
(set-port-encoding! in "UTF-8")
(set-port-encoding! out "UTF-8")
(setvbuf out 'block 65536)
(write-json `(("adapter" . "guile-web-uri")
              ("library" . ,(string-append "Guile " (version) " (web uri)"))
              ("spec" . "rfc3986") ("ops" . #("parse" "recompose")) ("protocol" . 1))
            out)
(newline out)
(force-output out)
;; answers are flushed when no further request is waiting (PROTOCOL.md 6)
(let loop ()
  (let ((line (read-line in)))
    (unless (eof-object? line)
      (let ((l (string-trim-right line #\return)))
        (unless (string-null? (string-trim-both l))
          (write-json (serve-line l) out)
          (newline out)))
      (unless (char-ready? in) (force-output out))
      (loop))))
(force-output out)
