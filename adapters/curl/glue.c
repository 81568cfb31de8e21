/*
 * glue.c: libcurl's URL API (curl_url, 7.62+) mapped to the component
 * model.  A fresh CURLU handle per request: a reused handle would resolve
 * the next URL against the previous one.  curl takes NUL-terminated
 * strings, so an input holding a NUL octet is answered as unsupported
 * rather than silently truncated.  See README.md for the divergences.
 */
#include "glue.h"

#include <curl/curl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PARSE_FLAGS (CURLU_NON_SUPPORT_SCHEME | CURLU_PATH_AS_IS)
/* Resolution removes dot segments (RFC 3986 5.2.4), so no PATH_AS_IS. */
#define RESOLVE_FLAGS (CURLU_NON_SUPPORT_SCHEME)

static const char *curl_lib_version(void) {
  static char v[64];
  if (!v[0]) {
    const curl_version_info_data *d = curl_version_info(CURLVERSION_NOW);
    snprintf(v, sizeof v, "libcurl %s", d && d->version ? d->version : "?");
  }
  return v;
}

/* A part: 1 with *v (curl_free it) when present, 0 when curl reports it
 * absent (CURLUE_NO_*), -1 on another error. */
static int get_part(CURLU *h, CURLUPart part, char **v) {
  *v = NULL;
  CURLUcode rc = curl_url_get(h, part, v, 0);
  if (rc == CURLUE_OK)
    return 1;
  switch (rc) {
  case CURLUE_NO_SCHEME:
  case CURLUE_NO_USER:
  case CURLUE_NO_PASSWORD:
  case CURLUE_NO_OPTIONS:
  case CURLUE_NO_HOST:
  case CURLUE_NO_PORT:
  case CURLUE_NO_QUERY:
  case CURLUE_NO_FRAGMENT:
  case CURLUE_NO_ZONEID:
    return 0;
  default:
    return -1;
  }
}

static void set_part(struct adapter_reading *out, rfc3986_component c, int have,
                     const char *v) {
  if (have > 0)
    reading_set(out, c, v, strlen(v));
  else
    reading_set_null(out, c);
}

static int fill(CURLU *h, struct adapter_reading *out) {
  char *scheme, *user, *password, *options, *host, *port, *path, *query,
      *fragment, *zone;
  int hs = get_part(h, CURLUPART_SCHEME, &scheme);
  int hu = get_part(h, CURLUPART_USER, &user);
  int hp = get_part(h, CURLUPART_PASSWORD, &password);
  int hop = get_part(h, CURLUPART_OPTIONS, &options);
  int hh = get_part(h, CURLUPART_HOST, &host);
  int hz = get_part(h, CURLUPART_ZONEID, &zone);
  int hpo = get_part(h, CURLUPART_PORT, &port);
  int hpa = get_part(h, CURLUPART_PATH, &path);
  int hq = get_part(h, CURLUPART_QUERY, &query);
  int hf = get_part(h, CURLUPART_FRAGMENT, &fragment);
  int rc = 0;
  if (hs < 0 || hu < 0 || hp < 0 || hop < 0 || hh < 0 || hz < 0 || hpo < 0 ||
      hpa < 0 || hq < 0 || hf < 0) {
    out->unsupported = "curl_url_get failed on a part of an accepted URL";
    goto done;
  }
  out->valid = 1;
  set_part(out, RFC3986_COMPONENT_SCHEME, hs, scheme);
  if (hh > 0) {
    /* authority = [ userinfo "@" ] host [ ":" port ], from curl's parts
     * (curl keeps no authority string).  Login options (";AUTH=...", for
     * the schemes whose handler takes them) come back where curl's own
     * serialization puts them: user ":" password ";" options.  A zone id
     * goes back into the IP-literal as RFC 6874 writes it. */
    if (hu > 0 || hp > 0 || hop > 0) {
      reading_set(out, RFC3986_COMPONENT_USERINFO, hu > 0 ? user : "",
                  hu > 0 ? strlen(user) : 0);
      if (hp > 0) {
        reading_append(out, RFC3986_COMPONENT_USERINFO, ":", 1);
        reading_append(out, RFC3986_COMPONENT_USERINFO, password,
                       strlen(password));
      }
      if (hop > 0) {
        reading_append(out, RFC3986_COMPONENT_USERINFO, ";", 1);
        reading_append(out, RFC3986_COMPONENT_USERINFO, options,
                       strlen(options));
      }
    } else {
      reading_set_null(out, RFC3986_COMPONENT_USERINFO);
    }
    size_t hl = strlen(host);
    if (hz > 0 && hl > 1 && host[hl - 1] == ']') {
      reading_set(out, RFC3986_COMPONENT_HOST, host, hl - 1);
      reading_append(out, RFC3986_COMPONENT_HOST, "%25", 3);
      reading_append(out, RFC3986_COMPONENT_HOST, zone, strlen(zone));
      reading_append(out, RFC3986_COMPONENT_HOST, "]", 1);
    } else {
      reading_set(out, RFC3986_COMPONENT_HOST, host, hl);
    }
    const char *type = host[0] == '['                 ? "IPv6address"
                       : reading_is_ipv4address(host) ? "IPv4address"
                                                      : "reg-name";
    reading_set(out, RFC3986_COMPONENT_HOST_TYPE, type, strlen(type));
    set_part(out, RFC3986_COMPONENT_PORT, hpo, port);
    const struct value *ui = &out->comp[RFC3986_COMPONENT_USERINFO];
    const struct value *ho = &out->comp[RFC3986_COMPONENT_HOST];
    const struct value *po = &out->comp[RFC3986_COMPONENT_PORT];
    reading_set(out, RFC3986_COMPONENT_AUTHORITY, "", 0);
    if (ui->state == VALUE_OCTETS) {
      /* copy through a temporary: reading_append may move the buffer */
      size_t n = ui->len;
      char *tmp = malloc(n + 1);
      if (!tmp) {
        rc = -1;
        goto done;
      }
      memcpy(tmp, ui->s, n);
      reading_append(out, RFC3986_COMPONENT_AUTHORITY, tmp, n);
      free(tmp);
      reading_append(out, RFC3986_COMPONENT_AUTHORITY, "@", 1);
    }
    {
      size_t n = ho->len;
      char *tmp = malloc(n + 1);
      if (!tmp) {
        rc = -1;
        goto done;
      }
      memcpy(tmp, ho->s, n);
      reading_append(out, RFC3986_COMPONENT_AUTHORITY, tmp, n);
      free(tmp);
    }
    if (po->state == VALUE_OCTETS) {
      reading_append(out, RFC3986_COMPONENT_AUTHORITY, ":", 1);
      reading_append(out, RFC3986_COMPONENT_AUTHORITY, port, strlen(port));
    }
  } else {
    reading_set_no_authority(out);
  }
  reading_set(out, RFC3986_COMPONENT_PATH, hpa > 0 ? path : "",
              hpa > 0 ? strlen(path) : 0);
  set_part(out, RFC3986_COMPONENT_QUERY, hq, query);
  /* curl 7.88 reports an empty fragment ("#") as absent. */
  set_part(out, RFC3986_COMPONENT_FRAGMENT, hf, fragment);
done:
  curl_free(scheme);
  curl_free(user);
  curl_free(password);
  curl_free(options);
  curl_free(host);
  curl_free(zone);
  curl_free(port);
  curl_free(path);
  curl_free(query);
  curl_free(fragment);
  return rc;
}

/* S as the URL of a fresh handle (PARSE_FLAGS), then THEN(handle, OUT);
 * where curl refuses S, OUT is not valid. */
static int with_url(const char *s, size_t len, struct adapter_reading *out,
                    int (*then)(CURLU *, struct adapter_reading *)) {
  char *c = reading_cstring(out, s, len);
  if (!c)
    return out->oom ? -1 : 0;
  CURLU *h = curl_url();
  if (!h) {
    free(c);
    return -1;
  }
  int rc = 0;
  if (curl_url_set(h, CURLUPART_URL, c, PARSE_FLAGS) == CURLUE_OK)
    rc = then(h, out);
  else
    out->valid = 0;
  curl_url_cleanup(h);
  free(c);
  return rc;
}

static int cu_parse(const char *s, size_t len, const char *rule,
                    struct adapter_reading *out) {
  if (rule && strcmp(rule, "URI-reference") != 0 && strcmp(rule, "URI") != 0) {
    out->unsupported = "curl parses absolute URLs only";
    return 0;
  }
  return with_url(s, len, out, fill);
}

static int cu_resolve(const char *base, size_t base_len, const char *ref,
                      size_t ref_len, int strict, struct adapter_reading *out) {
  if (!strict) {
    out->unsupported = "curl has no non-strict (5.2.2) resolution mode";
    return 0;
  }
  char *b, *r;
  if (reading_cstring_pair(out, base, base_len, ref, ref_len, &b, &r) != 0)
    return out->oom ? -1 : 0;
  CURLU *h = curl_url();
  int rc = 0;
  if (!h) {
    rc = -1;
  } else if (curl_url_set(h, CURLUPART_URL, b, RESOLVE_FLAGS) != CURLUE_OK ||
             curl_url_set(h, CURLUPART_URL, r, RESOLVE_FLAGS) != CURLUE_OK) {
    out->valid = 0;
  } else {
    char *t = NULL;
    if (curl_url_get(h, CURLUPART_URL, &t, 0) == CURLUE_OK) {
      out->valid = 1;
      reading_set_output(out, t, strlen(t));
    } else {
      out->valid = 0;
    }
    curl_free(t);
  }
  curl_url_cleanup(h);
  free(b);
  free(r);
  return rc;
}

/* The URL curl writes for what it parsed: curl_url_get(CURLUPART_URL). */
static int write_url(CURLU *h, struct adapter_reading *out) {
  char *t = NULL;
  if (curl_url_get(h, CURLUPART_URL, &t, 0) == CURLUE_OK) {
    out->valid = 1;
    reading_set_output(out, t, strlen(t));
  }
  curl_free(t);
  return out->oom ? -1 : 0;
}

static int cu_recompose(const char *s, size_t len,
                        struct adapter_reading *out) {
  return with_url(s, len, out, write_url);
}

/* A fresh handle per URL, as the glue's parse uses (a reused handle would
 * resolve against the previous URL). */
static int cu_accepts(const char *s, size_t len) {
  CURLU *h;
  int ok;
  if (memchr(s, '\0', len))
    return -1;
  if ((h = curl_url()) == NULL)
    return -1;
  ok = curl_url_set(h, CURLUPART_URL, s, PARSE_FLAGS) == CURLUE_OK;
  curl_url_cleanup(h);
  return ok;
}

/* ---- fetch: the easy API as an application calls it ------------------- */

static size_t discard(char *p, size_t size, size_t n, void *user) {
  (void)p;
  (void)user;
  return size * n;
}

/* Default options but two an application fetching URLs it was given sets:
 * http and https only (no ftp, file, gopher ...), and no redirect
 * (libcurl's default). */
static int cu_fetch(const char *s, size_t len, struct adapter_reading *out) {
  char *u = reading_cstring(out, s, len);
  if (!u)
    return out->oom ? -1 : 0;
  CURL *h = curl_easy_init();
  if (!h) {
    free(u);
    return -1;
  }
  curl_easy_setopt(h, CURLOPT_URL, u);
  curl_easy_setopt(h, CURLOPT_WRITEFUNCTION, discard);
#if LIBCURL_VERSION_NUM >= 0x075500
  curl_easy_setopt(h, CURLOPT_PROTOCOLS_STR, "http,https");
#else
  curl_easy_setopt(h, CURLOPT_PROTOCOLS, CURLPROTO_HTTP | CURLPROTO_HTTPS);
#endif
  CURLcode rc = curl_easy_perform(h);
  /* refused before connecting: the URL itself */
  out->valid = rc != CURLE_URL_MALFORMAT && rc != CURLE_UNSUPPORTED_PROTOCOL &&
               rc != CURLE_BAD_FUNCTION_ARGUMENT;
  if (!out->valid) {
    const char *why = curl_easy_strerror(rc);
    reading_set_output(out, why, strlen(why));
  }
  curl_easy_cleanup(h);
  free(u);
  return 0;
}

const struct glue glue_curl = {
    .name = "curl",
    .spec = "other",
    .ops = GLUE_OP_PARSE | GLUE_OP_RESOLVE | GLUE_OP_RECOMPOSE | GLUE_OP_FETCH,
    .library_version = curl_lib_version,
    .parse = cu_parse,
    .resolve = cu_resolve,
    .accepts = cu_accepts,
    .recompose = cu_recompose,
    .fetch = cu_fetch,
};
