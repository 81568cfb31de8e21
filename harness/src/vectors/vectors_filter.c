/* vectors_filter.c: which vectors the filters keep (vectors.h). */
#include "vectors.h"

#include <fnmatch.h>
#include <jansson.h>
#include <stdio.h>
#include <string.h>

static int match_any(char **pats, int n, const char *s, int flags) {
  for (int i = 0; i < n; i++)
    if (fnmatch(pats[i], s, flags) == 0)
      return 1;
  return 0;
}

/* A section filter "3.2" matches "3.2" and "3.2.2", not "3.20". */
static int section_matches(const char *want, const char *have) {
  size_t n = strlen(want);
  if (strncmp(want, have, n))
    return 0;
  return have[n] == 0 || have[n] == '.';
}

static int tags_match(char **pats, int n, json_t *gtags, json_t *ttags) {
  for (int i = 0; i < n; i++) {
    json_t *lists[2] = {gtags, ttags};
    for (int l = 0; l < 2; l++) {
      size_t k;
      json_t *t;
      if (!json_is_array(lists[l]))
        continue;
      json_array_foreach(lists[l], k, t) {
        if (json_is_string(t) && !fnmatch(pats[i], json_string_value(t), 0))
          return 1;
      }
    }
  }
  return 0;
}

/* A file pattern matches the path or any tail of it after a "/":
 * ("resolve.json", "v1/generated/ipv6.json", "rfc3986" then a star). */
static int file_matches(char **pats, int n, const char *path) {
  for (const char *p = path; p; p = strchr(p, '/') ? strchr(p, '/') + 1 : NULL)
    if (match_any(pats, n, p, 0))
      return 1;
  return 0;
}

/* A group pattern matches its description or its index in the file. */
static int group_matches(char **pats, int n, json_t *g, int gi) {
  json_t *d = json_object_get(g, "description");
  char idx[32];
  snprintf(idx, sizeof idx, "%d", gi);
  return match_any(pats, n, idx, 0) ||
         (json_is_string(d) && match_any(pats, n, json_string_value(d), 0));
}

static int sections_match(const struct filters *f, json_t *gspec,
                          json_t *tspec) {
  for (int i = 0; i < f->nsections; i++) {
    json_t *lists[2] = {gspec, tspec};
    for (int l = 0; l < 2; l++) {
      size_t k;
      json_t *s;
      if (!json_is_array(lists[l]))
        continue;
      json_array_foreach(lists[l], k, s) {
        const char *key;
        json_t *val;
        if (!json_is_object(s))
          continue;
        json_object_foreach(s, key, val) {
          if (strcmp(key, "quote") && json_is_string(val)) {
            const char *want = f->sections[i];
            const char *colon = strchr(want, ':');
            /* "rfc3987:3.1" names the document too */
            if (colon) {
              if (strncmp(want, key, (size_t)(colon - want)) ||
                  key[colon - want])
                continue;
              want = colon + 1;
            }
            if (section_matches(want, json_string_value(val)))
              return 1;
          }
        }
      }
    }
  }
  return 0;
}

int vectors_keep(const struct filters *f, const char *path, json_t *g, int gi,
                 json_t *t, const char *id, int op) {
  if (!f)
    return 1;
  json_t *gtags = json_object_get(g, "tags"),
         *ttags = json_object_get(t, "tags");
  if (f->nops && !match_any(f->ops, f->nops, op_names[op], 0))
    return 0;
  if (f->nfiles && !file_matches(f->files, f->nfiles, path))
    return 0;
  if (f->ngroups && !group_matches(f->groups, f->ngroups, g, gi))
    return 0;
  if (f->nids && !match_any(f->ids, f->nids, id, 0))
    return 0;
  if (f->ntags && !tags_match(f->tags, f->ntags, gtags, ttags))
    return 0;
  if (f->nsections && !sections_match(f, json_object_get(g, "specification"),
                                      json_object_get(t, "specification")))
    return 0;
  if ((f->nxfiles && file_matches(f->xfiles, f->nxfiles, path)) ||
      (f->nxgroups && group_matches(f->xgroups, f->nxgroups, g, gi)) ||
      (f->nxids && match_any(f->xids, f->nxids, id, 0)) ||
      (f->nxtags && tags_match(f->xtags, f->nxtags, gtags, ttags)))
    return 0;
  if (f->kept)
    f->kept(f->kept_ctx, path, g, gi, t, op);
  return 1;
}
