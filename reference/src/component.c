/* component.c: the component model by name (RFC3986_COMPONENTS in
 * rfc3986.h): names, lookup and the getter over a parsed rfc3986_uri. */
#include <string.h>

#include "rfc3986.h"

static const char *const component_names[RFC3986_COMPONENT_COUNT] = {
#define NAME(id, name) name,
    RFC3986_COMPONENTS(NAME)
#undef NAME
};

const char *rfc3986_component_name(rfc3986_component component) {
  if ((unsigned)component >= RFC3986_COMPONENT_COUNT)
    return NULL;
  return component_names[component];
}

rfc3986_component rfc3986_component_from_name(const char *name, size_t len) {
  int c;
  for (c = 0; c < RFC3986_COMPONENT_COUNT; c++)
    if (strlen(component_names[c]) == len &&
        memcmp(component_names[c], name, len) == 0)
      return (rfc3986_component)c;
  return RFC3986_COMPONENT_COUNT;
}

/* The span of a component held as a span (all but host_type). */
static const rfc3986_span *component_span(const rfc3986_uri *uri,
                                          rfc3986_component component) {
  switch (component) {
  case RFC3986_COMPONENT_SCHEME:
    return &uri->scheme;
  case RFC3986_COMPONENT_AUTHORITY:
    return &uri->authority;
  case RFC3986_COMPONENT_USERINFO:
    return &uri->userinfo;
  case RFC3986_COMPONENT_HOST:
    return &uri->host;
  case RFC3986_COMPONENT_PORT:
    return &uri->port;
  case RFC3986_COMPONENT_PATH:
    return &uri->path;
  case RFC3986_COMPONENT_QUERY:
    return &uri->query;
  case RFC3986_COMPONENT_FRAGMENT:
    return &uri->fragment;
  default:
    return NULL;
  }
}

int rfc3986_uri_get(const rfc3986_uri *uri, rfc3986_component component,
                    const char **value, size_t *len) {
  const rfc3986_span *span;
  *value = NULL;
  *len = 0;
  if (component == RFC3986_COMPONENT_HOST_TYPE) {
    *value = rfc3986_host_type_name(uri->host_type);
    if (!*value)
      return 0;
    *len = strlen(*value);
    return 1;
  }
  span = component_span(uri, component);
  if (!span || !rfc3986_span_defined(*span))
    return 0;
  *value = uri->input + span->offset;
  *len = span->length;
  return 1;
}
