/* registry.c: the adapters registry, adapters/<name>/adapter.json (one
 * object or an array of objects), and availability checks. */
#define _GNU_SOURCE /* pipe2 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <jansson.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "entry.h"
#include "registry.h"
#include "files.h"
#include "util.h"
#include "proc.h"

static int cmp_def(const void *a, const void *b) {
  const struct adapter_def *x = a, *y = b;
  /* the reference first, then by name */
  int rx = !strcmp(x->name, "reference"), ry = !strcmp(y->name, "reference");
  if (rx != ry)
    return ry - rx;
  return strcmp(x->name, y->name);
}

static char *jstr(json_t *o, const char *k) {
  json_t *v = json_object_get(o, k);
  return json_is_string(v) ? xstrdup(json_string_value(v)) : NULL;
}

static int in_path(const char *cmd) {
  const char *path = getenv("PATH");
  if (!path)
    path = "/usr/bin:/bin";
  char *copy = xstrdup(path), *save = NULL;
  int found = 0;
  for (char *d = strtok_r(copy, ":", &save); d && !found;
       d = strtok_r(NULL, ":", &save)) {
    size_t n = strlen(d) + strlen(cmd) + 2;
    char *p = xmalloc(n);
    snprintf(p, n, "%s/%s", d, cmd);
    found = access(p, X_OK) == 0;
    free(p);
  }
  free(copy);
  return found;
}

/* How long a check may take: URITEST_CHECK_TIMEOUT seconds (10). */
static double check_timeout(void) {
  const char *e = getenv("URITEST_CHECK_TIMEOUT");
  double t = e ? parse_seconds(e) : -1;
  return t > 0 ? t : 10;
}

/* Run CHECK with /bin/sh in the root; its last output line goes to OUT.
 * Its exit status, or -1; -2 when it took longer than check_timeout() (it
 * is killed, with all it started). */
static int run_check(const char *check, char *out, size_t cap) {
  int p[2];
  out[0] = 0;
  /* close-on-exec, as an adapter's pipes (proc.c): a process another
   * thread starts meanwhile never holds it open */
  if (pipe2(p, O_CLOEXEC) < 0)
    return -1;
  fflush(NULL);
  pid_t pid = proc_fork();
  if (pid < 0) {
    close(p[0]);
    close(p[1]);
    return -1;
  }
  if (pid == 0) {
    if (chdir(repo_root()) < 0)
      _exit(126);
    int fd = open("/dev/null", O_RDONLY);
    if (fd >= 0)
      dup2(fd, 0);
    dup2(p[1], 1);
    dup2(p[1], 2);
    close(p[0]);
    close(p[1]);
    execl("/bin/sh", "sh", "-c", check, (char *)NULL);
    _exit(127);
  }
  close(p[1]);
  struct buf all = {0};
  char chunk[512];
  double deadline = now_mono() + check_timeout();
  int timed_out = 0;
  for (;;) {
    double left = deadline - now_mono();
    struct pollfd pf = {p[0], POLLIN, 0};
    if (left <= 0) {
      timed_out = 1;
      break;
    }
    int pr = poll(&pf, 1, (int)(left * 1000) + 1);
    if (pr < 0 && errno != EINTR)
      break;
    if (pr <= 0)
      continue;
    ssize_t r = read(p[0], chunk, sizeof chunk);
    if (r < 0 && errno == EINTR)
      continue;
    if (r <= 0)
      break;
    if (all.len < (1u << 20))
      buf_put(&all, chunk, (size_t)r);
  }
  close(p[0]);
  /* the last line it printed is the why (PROTOCOL.md section 8) */
  size_t end = all.len;
  while (end && (all.p[end - 1] == '\n' || all.p[end - 1] == '\r'))
    end--;
  size_t start = end;
  while (start && all.p[start - 1] != '\n')
    start--;
  size_t n = end - start < cap - 1 ? end - start : cap - 1;
  if (n)
    memcpy(out, all.p + start, n);
  out[n] = 0;
  buf_free(&all);
  int st = 0;
  if (timed_out)
    proc_kill(pid);
  while (waitpid(pid, &st, 0) < 0 && errno == EINTR) {
  }
  proc_reaped(pid);
  if (timed_out)
    return -2;
  return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

int roles_from_json(json_t *roles, int deflt) {
  int bits = 0;
  size_t i;
  json_t *r;
  if (!json_is_array(roles) || !json_array_size(roles))
    return deflt;
  json_array_foreach(roles, i, r) {
    const char *s = json_string_value(r);
    if (s && !strcmp(s, "validator"))
      bits |= ROLE_VALIDATOR;
    else if (s && !strcmp(s, "fetcher"))
      bits |= ROLE_FETCHER;
    else
      return deflt;
  }
  return bits;
}

void adapter_def_check(struct adapter_def *d) {
  if (d->checked)
    return;
  d->checked = 1;
  if (d->shcmd) {
    d->available = 1;
    return;
  }
  char why[512];
  const char *cmd = d->cmd0;
  int ok;
  if (strchr(cmd, '/')) {
    char *p = root_path(cmd);
    ok = access(p, X_OK) == 0;
    free(p);
  } else {
    ok = in_path(cmd);
  }
  if (!ok) {
    snprintf(why, sizeof why, "%s not found%s%s", cmd,
             d->install ? "; install: " : "", d->install ? d->install : "");
    d->why = xstrdup(why);
    return;
  }
  if (d->check) {
    char said[256];
    int rc = run_check(d->check, said, sizeof said);
    if (rc == -2) {
      snprintf(why, sizeof why, "check timed out after %gs (%s)",
               check_timeout(), d->check);
      d->why = xstrdup(why);
      return;
    }
    if (rc != 0) {
      if (said[0])
        snprintf(why, sizeof why, "%s", said);
      else
        snprintf(why, sizeof why, "check failed (%s exited %d)%s%s", d->check,
                 rc, d->install ? "; install: " : "",
                 d->install ? d->install : "");
      d->why = xstrdup(why);
      return;
    }
  }
  d->available = 1;
}

/* adapter.json "versions": {"pinned": V, "published": [V, ...]}, the
 * published versions oldest first, the pinned one among them. */
static int read_versions(struct adapter_def *d, json_t *v, const char *file) {
  if (!v)
    return 0;
  json_t *pub = json_object_get(v, "published");
  json_t *pin = json_object_get(v, "pinned");
  if (!json_is_object(v) || !json_is_string(pin) || !json_is_array(pub)) {
    warnx_("%s: \"versions\" must be {\"pinned\": \"V\", \"published\": "
           "[\"V\", ...]}",
           file);
    return -1;
  }
  d->pinned = xstrdup(json_string_value(pin));
  json_t *npm = json_object_get(v, "npm");
  d->npm = json_is_string(npm) ? xstrdup(json_string_value(npm)) : NULL;
  d->versions = xcalloc(json_array_size(pub) + 1, sizeof *d->versions);
  for (size_t i = 0; i < json_array_size(pub); i++) {
    const char *s = json_string_value(json_array_get(pub, i));
    int printable = s && *s;
    for (const char *c = s; printable && *c; c++)
      printable = *c > ' ' && *c < 127 && !strchr("/\\'\"", *c);
    if (!printable || strstr(s, "..")) {
      warnx_("%s: \"versions\": a published version is printable ASCII "
             "without space, '/', '\\\\', quotes or '..'",
             file);
      return -1;
    }
    d->versions[i] = xstrdup(s);
  }
  return 0;
}

static char *dup_or_null(const char *s) {
  return s ? xstrdup(s) : NULL;
}

/* NAME@VERSION: NAME's command with --library-dir HOME/versions/VERSION,
 * available once `make deps ADAPTERS=NAME@VERSION` has installed it. */
static struct adapter_def *make_versioned(const struct adapter_def *base,
                                          const char *full,
                                          const char *version) {
  struct adapter_def *d = xcalloc(1, sizeof *d);
  size_t argc = 0;
  while (base->argv[argc])
    argc++;
  d->argv = xcalloc(argc + 3, sizeof *d->argv);
  for (size_t i = 0; i < argc; i++)
    d->argv[i] = xstrdup(base->argv[i]);
  size_t n = strlen(base->home) + strlen(version) + 16;
  char *dir = xmalloc(n);
  snprintf(dir, n, "%s/versions/%s", base->home, version);
  d->argv[argc] = xstrdup("--library-dir");
  d->argv[argc + 1] = dir;
  d->name = xstrdup(full);
  d->spec = dup_or_null(base->spec);
  d->cmd0 = xstrdup(base->cmd0);
  d->home = xstrdup(base->home);
  d->hello_timeout = base->hello_timeout;
  d->timeout = base->timeout;
  d->roles = base->roles;
  d->version_of = xstrdup(base->name);
  d->in_process = 0;
  size_t m = strlen(dir) + 2 * strlen(full) +
             (base->check ? strlen(base->check) : 0) + 160;
  d->check = xmalloc(m);
  snprintf(d->check, m,
           "{ %s; } && { test -d '%s/node_modules' || { echo '%s is not "
           "installed: run make deps ADAPTERS=%s'; exit 1; }; }",
           base->check ? base->check : "true", dir, full, full);
  n = strlen(full) + 32;
  d->install = xmalloc(n);
  snprintf(d->install, n, "make deps ADAPTERS=%s", full);
  return d;
}

/* The longest "timeout" or "hello_timeout" an entry may give: an hour. */
#define MAX_ENTRY_SECONDS 3600

/* O's KEY, absent (0) or seconds in (0, MAX_ENTRY_SECONDS], into *OUT: 0;
 * else -1 after a message naming FILE (an entry that said "2" or 1e308
 * would otherwise run with the default, or never time out). */
static int seconds_of(json_t *o, const char *key, double *out,
                      const char *file) {
  json_t *v = json_object_get(o, key);
  double x = json_is_number(v) ? json_number_value(v) : -1;
  *out = 0;
  if (!v)
    return 0;
  if (!(x > 0 && x <= MAX_ENTRY_SECONDS)) {
    warnx_("%s: \"%s\" must be seconds, more than 0 and at most %d", file, key,
           MAX_ENTRY_SECONDS);
    return -1;
  }
  *out = x;
  return 0;
}

static int add_def(struct registry *r, json_t *o, const char *file) {
  if (!json_is_object(o)) {
    warnx_("%s: an adapter entry must be an object", file);
    return -1;
  }
  json_t *cmd = json_object_get(o, "command");
  char *name = jstr(o, "name");
  if (!name || !json_is_array(cmd) || json_array_size(cmd) == 0) {
    warnx_(
        "%s: an adapter entry needs \"name\" and a non-empty \"command\" array",
        file);
    free(name);
    return -1;
  }
  struct adapter_def d;
  memset(&d, 0, sizeof d);
  d.name = name;
  d.spec = jstr(o, "spec");
  d.check = jstr(o, "check");
  d.install = jstr(o, "install");
  d.in_process = json_is_true(json_object_get(o, "in_process"));
  json_t *role = json_object_get(o, "role");
  d.validator =
      json_is_string(role) && !strcmp(json_string_value(role), "validator");
  json_t *en = json_object_get(o, "entry");
  d.entry =
      en ? (json_is_string(en) ? entry_from_name(json_string_value(en)) : -1)
         : ENTRY_URI_REFERENCE;
  if (d.entry < 0) {
    warnx_("%s: \"entry\" must be \"URI-reference\", \"URI\", "
           "\"absolute-URI\" or \"request-target\"",
           file);
    adapter_def_free(&d);
    return -1;
  }
  d.fetch = json_is_true(json_object_get(o, "fetch"));
  int alone = d.validator || (json_is_string(role) &&
                              !strcmp(json_string_value(role), "oracle"));
  d.roles =
      roles_from_json(json_object_get(o, "roles"),
                      alone ? ROLE_VALIDATOR : ROLE_VALIDATOR | ROLE_FETCHER);
  if (seconds_of(o, "timeout", &d.timeout, file) < 0 ||
      seconds_of(o, "hello_timeout", &d.hello_timeout, file) < 0) {
    adapter_def_free(&d);
    return -1;
  }
  d.argv = xcalloc(json_array_size(cmd) + 1, sizeof *d.argv);
  for (size_t i = 0; i < json_array_size(cmd); i++) {
    json_t *a = json_array_get(cmd, i);
    if (!json_is_string(a)) {
      warnx_("%s: \"command\" must be an array of strings", file);
      adapter_def_free(&d);
      return -1;
    }
    /* command paths are relative to the repository root */
    const char *s = json_string_value(a);
    d.argv[i] = (i == 0 && strchr(s, '/')) ? root_path(s) : xstrdup(s);
  }
  /* availability looks at the registry spelling; checked when needed */
  d.cmd0 = xstrdup(json_string_value(json_array_get(cmd, 0)));
  d.home = xstrdup(file);
  char *slash = strrchr(d.home, '/');
  if (slash)
    *slash = 0;
  if (read_versions(&d, json_object_get(o, "versions"), file) < 0)
    return -1;
  r->defs = xrealloc(r->defs, sizeof *r->defs * (r->n + 1));
  r->defs[r->n++] = d;
  return 0;
}

/* Every DIR/<name>/adapter.json (one object or an array of objects). */
static void load_dir(struct registry *r, const char *dir) {
  DIR *d = opendir(dir);
  if (!d)
    return;
  struct dirent *e;
  while ((e = readdir(d))) {
    /* adapters/TEMPLATE/ is the folder to copy, not an adapter */
    if (e->d_name[0] == '.' || !strcmp(e->d_name, "TEMPLATE"))
      continue;
    size_t n = strlen(dir) + strlen(e->d_name) + 32;
    char *p = xmalloc(n);
    snprintf(p, n, "%s/%s/adapter.json", dir, e->d_name);
    struct stat st;
    if (stat(p, &st) == 0) {
      json_error_t err;
      json_t *j = json_load_regular(p, 0, 0, &err);
      if (!j) {
        warnx_("%s:%d:%d: %s", p, err.line, err.column, err.text);
      } else if (json_is_array(j)) {
        size_t i;
        json_t *o;
        json_array_foreach(j, i, o) add_def(r, o, p);
      } else {
        add_def(r, j, p);
      }
      json_decref(j);
    }
    free(p);
  }
  closedir(d);
}

/* Entries of one name (sorted, so side by side): said, and every one of
 * them dropped, since which one a run would take is the order of a
 * folder listing. */
static void drop_twins(struct registry *r) {
  size_t m = 0;
  for (size_t i = 0, j; i < r->n; i = j) {
    for (j = i + 1; j < r->n && !strcmp(r->defs[i].name, r->defs[j].name);)
      j++;
    if (j - i == 1) {
      r->defs[m++] = r->defs[i];
      continue;
    }
    warnx_("%s and %s: two adapter entries named %s; neither is used",
           r->defs[i].home, r->defs[i + 1].home, r->defs[i].name);
    for (size_t k = i; k < j; k++)
      adapter_def_free(&r->defs[k]);
  }
  r->n = m;
}

int registry_load(struct registry *r) {
  memset(r, 0, sizeof *r);
  char *dir = root_path("adapters");
  load_dir(r, dir);
  free(dir);
  if (!registry_find(r, "reference")) {
    /* adapters/reference/adapter.json not there (yet): the built C adapter */
    json_t *o = json_pack("{s:s, s:s, s:[s], s:s}", "name", "reference", "spec",
                          "rfc3986", "command", "build/adapters/reference",
                          "install", "make");
    add_def(r, o, "(built-in reference entry)");
    json_decref(o);
  }
  qsort(r->defs, r->n, sizeof *r->defs, cmp_def);
  drop_twins(r);
  return 0;
}

static struct adapter_def *find_plain(struct registry *r, const char *name) {
  for (size_t i = 0; i < r->n; i++)
    if (!strcmp(r->defs[i].name, name))
      return &r->defs[i];
  return NULL;
}

struct adapter_def *registry_find(struct registry *r, const char *name) {
  struct adapter_def *d = find_plain(r, name);
  const char *at = strrchr(name, '@');
  if (d || !at)
    return d;
  for (size_t i = 0; i < r->nversioned; i++)
    if (!strcmp(r->versioned[i]->name, name))
      return r->versioned[i];
  char *base_name = xstrdup(name);
  base_name[at - name] = 0;
  struct adapter_def *base = find_plain(r, base_name);
  free(base_name);
  const char *version = at + 1;
  if (!base || !base->versions)
    return NULL;
  if (!strcmp(version, base->pinned))
    return base;
  for (char **v = base->versions; *v; v++) {
    if (strcmp(*v, version))
      continue;
    d = make_versioned(base, name, version);
    r->versioned =
        xrealloc(r->versioned, sizeof *r->versioned * (r->nversioned + 1));
    r->versioned[r->nversioned++] = d;
    return d;
  }
  return NULL;
}

struct adapter_def *adapter_def_cmd(const char *cmd) {
  struct adapter_def *d = xcalloc(1, sizeof *d);
  d->shcmd = xstrdup(cmd);
  d->available = 1;
  d->checked = 1;
  return d;
}

void adapter_def_free(struct adapter_def *d) {
  int owned = d->shcmd != NULL;
  if (d->argv)
    for (char **a = d->argv; *a; a++)
      free(*a);
  free(d->argv);
  free(d->name);
  free(d->spec);
  free(d->shcmd);
  free(d->check);
  free(d->install);
  free(d->cmd0);
  free(d->why);
  free(d->pinned);
  free(d->npm);
  if (d->versions)
    for (char **v = d->versions; *v; v++)
      free(*v);
  free(d->versions);
  free(d->version_of);
  free(d->home);
  if (owned)
    free(d);
}

void registry_free(struct registry *r) {
  for (size_t i = 0; i < r->n; i++)
    adapter_def_free(&r->defs[i]);
  free(r->defs);
  r->defs = NULL;
  r->n = 0;
  for (size_t i = 0; i < r->nversioned; i++) {
    adapter_def_free(r->versioned[i]);
    free(r->versioned[i]);
  }
  free(r->versioned);
  r->versioned = NULL;
  r->nversioned = 0;
}

int registry_select(struct registry *r, char **names, int nnames, char **cmds,
                    int ncmds, int skip_reference, struct adapter_def ***defs,
                    size_t *n, struct adapter_def ***cmd_defs,
                    size_t *ncmd_defs) {
  struct adapter_def **d = NULL;
  size_t k = 0;
  for (int i = 0; i < nnames; i++) {
    struct adapter_def *def = registry_find(r, names[i]);
    if (!def) {
      warnx_("unknown adapter \"%s\" (see uritest adapters)", names[i]);
      free(d);
      return EXIT_USAGE;
    }
    adapter_def_check(def);
    if (!def->available) {
      warnx_("adapter %s is not available: %s", def->name,
             def->why ? def->why : "?");
      free(d);
      return EXIT_USAGE;
    }
    int twice = 0;
    for (size_t j = 0; j < k; j++)
      twice |= d[j] == def;
    if (twice)
      continue; /* --adapter X --adapter X: once */
    d = xrealloc(d, sizeof *d * (k + 1));
    d[k++] = def;
  }
  for (int i = 0; i < ncmds; i++) {
    d = xrealloc(d, sizeof *d * (k + 1));
    d[k++] = adapter_def_cmd(cmds[i]);
    *cmd_defs = xrealloc(*cmd_defs, sizeof **cmd_defs * (*ncmd_defs + 1));
    (*cmd_defs)[(*ncmd_defs)++] = d[k - 1];
  }
  if (!nnames && !ncmds) {
    for (size_t i = 0; i < r->n; i++) {
      struct adapter_def *def = &r->defs[i];
      adapter_def_check(def);
      if (!def->available)
        continue;
      if (skip_reference && !strcmp(def->name, "reference"))
        continue;
      d = xrealloc(d, sizeof *d * (k + 1));
      d[k++] = def;
    }
  }
  if (!k) {
    warnx_("no adapter available (see uritest adapters; build with make)");
    free(d);
    return EXIT_USAGE;
  }
  *defs = d;
  *n = k;
  return 0;
}
