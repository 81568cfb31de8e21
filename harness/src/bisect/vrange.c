/* vrange.c: advisories' stated affected ranges (vrange.h). */
#include "vrange.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "util.h"

static int word_char(int c) {
  return isalnum(c) || c == '-' || c == '_';
}

int vrange_names(const char *library, const char *npm) {
  size_t n = strlen(npm);
  for (const char *p = library; p && *p; p++) {
    if (strncasecmp(p, npm, n))
      continue;
    if ((p == library || !word_char((unsigned char)p[-1])) &&
        !word_char((unsigned char)p[n]))
      return 1;
  }
  return 0;
}

/* A version token at *P (digits and dots), copied into V; *P moves past
 * it.  0 when there is none. */
static int take_version(const char **p, char *v, size_t cap) {
  const char *s = *p;
  size_t n = 0;
  while ((isdigit((unsigned char)s[n]) || s[n] == '.') && n + 1 < cap)
    n++;
  while (n && s[n - 1] == '.')
    n--;
  if (!n || !isdigit((unsigned char)s[0]))
    return 0;
  memcpy(v, s, n);
  v[n] = 0;
  *p = s + n;
  return 1;
}

static unsigned long major_of(const char *v) {
  return strtoul(v, NULL, 10);
}

/* "fixed in A and B": see vrange.h. */
static int fixed_holds(const char *p, const char *version) {
  char v[64];
  int line = -1, later = 0, any = 0;
  while (*p) {
    if (take_version(&p, v, sizeof v)) {
      if (!strchr(v, '.'))
        continue; /* a number that is no version: "PR #38631" */
      any = 1;
      later |= version_cmp(version, v) < 0;
      if (major_of(v) == major_of(version))
        line = version_cmp(version, v) < 0;
    } else {
      p++;
    }
  }
  if (!any)
    return -1;
  return line >= 0 ? line : later;
}

/* One clause: comparators that must all hold, or a bare version. */
static int clause_holds(const char *s, const char *e, const char *version,
                        int *read) {
  int holds = 1;
  char v[64];
  while (s < e) {
    int op = 0; /* '<', 'l' (<=), '>', 'g' (>=), '=' */
    while (s < e && *s == ' ')
      s++;
    if (s == e)
      break;
    if (!strncmp(s, "before ", 7)) {
      op = '<';
      s += 7;
    } else if (*s == '<' || *s == '>') {
      op = s[1] == '=' ? (*s == '<' ? 'l' : 'g') : *s;
      s += s[1] == '=' ? 2 : 1;
    }
    while (s < e && *s == ' ')
      s++;
    const char *at = s;
    if (s < e && take_version(&at, v, sizeof v) && at <= e) {
      int c = version_cmp(version, v);
      int ok = op == '<'   ? c < 0
               : op == 'l' ? c <= 0
               : op == '>' ? c > 0
               : op == 'g' ? c >= 0
                           : c == 0;
      holds = holds && ok;
      *read = 1;
      s = at;
    } else {
      s++;
    }
  }
  return holds;
}

int vrange_holds(const char *stated, const char *version) {
  char *t = xstrdup(stated);
  for (char *c = t; *c; c++)
    *c = (char)tolower((unsigned char)*c);
  t[strcspn(t, ";(")] = 0;
  int r;
  if (!strncmp(t, "fixed", 5)) {
    r = fixed_holds(t + 5, version);
  } else {
    int any = 0, read = 0;
    for (char *s = t; *s;) {
      char *e = strstr(s, " and ");
      char *comma = strchr(s, ',');
      if (!e || (comma && comma < e))
        e = comma;
      if (!e)
        e = s + strlen(s);
      int one = 0;
      if (clause_holds(s, e, version, &one) && one)
        any = 1;
      read |= one;
      s = *e == ',' ? e + 1 : *e ? e + 5 : e;
    }
    r = read ? any : -1;
  }
  free(t);
  return r;
}

void vrange_check(json_t *e, const char *stated, json_t *runs) {
  const char *id = json_string_value(json_object_get(e, "id"));
  json_t *vuln = json_array(), *disagree = json_array();
  const char *first = NULL, *last = NULL;
  int read = stated != NULL;
  size_t i;
  json_t *r;
  json_array_foreach(runs, i, r) {
    const char *v = json_string_value(json_object_get(r, "version"));
    int observed =
        json_object_get(json_object_get(r, "advisories"), id) != NULL;
    if (observed) {
      json_array_append_new(vuln, json_string(v));
      first = first ? first : v;
      last = v;
    }
    int st = stated ? vrange_holds(stated, v) : -1;
    if (st < 0)
      read = 0;
    else if (st != observed)
      json_array_append_new(disagree,
                            json_pack("{s:s, s:b, s:b}", "version", v, "stated",
                                      st, "observed", observed));
  }
  json_object_set_new(e, "vulnerable", vuln);
  json_object_set_new(e, "first", first ? json_string(first) : json_null());
  json_object_set_new(e, "last", last ? json_string(last) : json_null());
  json_object_set_new(e, "range_read", json_boolean(read));
  json_object_set_new(e, "agrees",
                      read ? json_boolean(!json_array_size(disagree))
                           : json_null());
  if (read)
    json_object_set_new(e, "disagree", disagree);
  else
    json_decref(disagree);
}
