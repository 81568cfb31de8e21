/*
 * glue.cpp: Qt 5's QUrl mapped to the component model.  Parse:
 * QUrl(input, QUrl::StrictMode), then the getters with QUrl::FullyEncoded.
 * Resolve: QUrl::resolved().  Normalize: adjusted(NormalizePathSegments)
 * on top of what QUrl always normalizes.  QUrl takes a QString: an input
 * that is not UTF-8 is answered unsupported (never replaced with U+FFFD).
 * See README.md.
 */
extern "C" {
#include "glue.h"
}

#include <QString>
#include <QUrl>
#include <QtGlobal>
#include <cstdio>
#include <cstring>

extern "C" const struct glue glue_qt;

static const char *qt_version(void) {
  static char v[64];
  if (!v[0])
    std::snprintf(v, sizeof v, "Qt %s", qVersion());
  return v;
}

/* Well-formed UTF-8 (RFC 3629: no overlongs, no surrogates). */
static bool utf8_valid(const unsigned char *s, size_t n) {
  size_t i = 0;
  while (i < n) {
    unsigned char c = s[i];
    size_t k;
    if (c < 0x80) {
      i++;
      continue;
    } else if (c >= 0xC2 && c <= 0xDF) {
      k = 2;
    } else if (c >= 0xE0 && c <= 0xEF) {
      k = 3;
    } else if (c >= 0xF0 && c <= 0xF4) {
      k = 4;
    } else {
      return false;
    }
    if (n - i < k)
      return false;
    for (size_t j = 1; j < k; j++)
      if ((s[i + j] & 0xC0) != 0x80)
        return false;
    if ((c == 0xE0 && s[i + 1] < 0xA0) || (c == 0xED && s[i + 1] >= 0xA0) ||
        (c == 0xF0 && s[i + 1] < 0x90) || (c == 0xF4 && s[i + 1] >= 0x90))
      return false;
    i += k;
  }
  return true;
}

static bool to_qstring(const char *s, size_t len, QString *q,
                       struct adapter_reading *out) {
  if (!utf8_valid(reinterpret_cast<const unsigned char *>(s), len)) {
    out->unsupported = "QUrl takes a QString: input is not UTF-8";
    return false;
  }
  *q = QString::fromUtf8(s, static_cast<int>(len));
  return true;
}

static void set_q(struct adapter_reading *out, rfc3986_component c,
                  const QString &v) {
  QByteArray b = v.toUtf8();
  reading_set(out, c, b.constData(), static_cast<size_t>(b.size()));
}

static void append_q(struct adapter_reading *out, rfc3986_component c,
                     const QString &v) {
  QByteArray b = v.toUtf8();
  reading_append(out, c, b.constData(), static_cast<size_t>(b.size()));
}

/* RFC 3986 3.2.2 IPv4address (reading_is_ipv4address), for a host that may
 * hold a NUL octet. */
static bool is_ipv4address(const QString &h) {
  QByteArray b = h.toUtf8();
  return !b.contains('\0') && reading_is_ipv4address(b.constData());
}

static const QUrl::ComponentFormattingOptions ENC = QUrl::FullyEncoded;

static void fill(const QUrl &u, struct adapter_reading *out) {
  out->valid = 1;
  /* A scheme is never empty: QUrl's "" is absent. */
  if (u.scheme().isEmpty())
    reading_set_null(out, RFC3986_COMPONENT_SCHEME);
  else
    set_q(out, RFC3986_COMPONENT_SCHEME, u.scheme());
  /* host() is a null QString both without authority and with an empty
   * one ("http:///a"); QUrl keeps the difference, and writes "//" back
   * for the empty one: its own serialization tells them apart. */
  QString host = u.host(ENC);
  QString full = u.toString(QUrl::FullyEncoded);
  bool has_authority =
      !host.isNull() ||
      full.mid(u.scheme().isEmpty() ? 0 : u.scheme().size() + 1)
          .startsWith(QLatin1String("//"));
  if (has_authority) {
    if (host.isNull())
      host = QLatin1String("");
    QString ui = u.userInfo(ENC);
    /* IPv6 and IPvFuture hosts come without their brackets; authority()
     * has them. */
    QString auth = u.authority(ENC);
    bool lit = auth.mid(auth.lastIndexOf(QLatin1Char('@')) + 1)
                   .startsWith(QLatin1Char('['));
    QString h = lit ? QLatin1Char('[') + host + QLatin1Char(']') : host;
    int port = u.port();
    reading_set(out, RFC3986_COMPONENT_AUTHORITY, "", 0);
    if (!ui.isNull()) {
      append_q(out, RFC3986_COMPONENT_AUTHORITY, ui);
      reading_append(out, RFC3986_COMPONENT_AUTHORITY, "@", 1);
    }
    append_q(out, RFC3986_COMPONENT_AUTHORITY, h);
    if (port >= 0)
      append_q(out, RFC3986_COMPONENT_AUTHORITY,
               QLatin1Char(':') + QString::number(port));
    if (ui.isNull())
      reading_set_null(out, RFC3986_COMPONENT_USERINFO);
    else
      set_q(out, RFC3986_COMPONENT_USERINFO, ui);
    set_q(out, RFC3986_COMPONENT_HOST, h);
    const char *type =
        lit ? (host.startsWith(QLatin1Char('v'), Qt::CaseInsensitive)
                   ? "IPvFuture"
                   : "IPv6address")
        : is_ipv4address(host) ? "IPv4address"
                               : "reg-name";
    reading_set(out, RFC3986_COMPONENT_HOST_TYPE, type, std::strlen(type));
    /* QUrl keeps the port as a number, -1 when none (an empty ":" too). */
    if (port >= 0)
      set_q(out, RFC3986_COMPONENT_PORT, QString::number(port));
    else
      reading_set_null(out, RFC3986_COMPONENT_PORT);
  } else {
    reading_set_no_authority(out);
  }
  set_q(out, RFC3986_COMPONENT_PATH, u.path(ENC));
  if (u.hasQuery())
    set_q(out, RFC3986_COMPONENT_QUERY, u.query(ENC));
  else
    reading_set_null(out, RFC3986_COMPONENT_QUERY);
  if (u.hasFragment())
    set_q(out, RFC3986_COMPONENT_FRAGMENT, u.fragment(ENC));
  else
    reading_set_null(out, RFC3986_COMPONENT_FRAGMENT);
}

static int qt_parse(const char *s, size_t len, const char *rule,
                    struct adapter_reading *out) {
  if (rule && std::strcmp(rule, "URI-reference") != 0) {
    out->unsupported = "QUrl parses URI-reference only";
    return 0;
  }
  QString in;
  if (!to_qstring(s, len, &in, out))
    return 0;
  QUrl u(in, QUrl::StrictMode);
  if (u.isValid())
    fill(u, out);
  else
    out->valid = 0;
  return 0;
}

static void set_output(struct adapter_reading *out, const QString &v) {
  QByteArray b = v.toUtf8();
  out->valid = 1;
  reading_set_output(out, b.constData(), static_cast<size_t>(b.size()));
}

static int qt_resolve(const char *base, size_t base_len, const char *ref,
                      size_t ref_len, int strict, struct adapter_reading *out) {
  if (!strict) {
    out->unsupported = "QUrl has no non-strict (5.2.2) resolution mode";
    return 0;
  }
  QString b, r;
  if (!to_qstring(base, base_len, &b, out) ||
      !to_qstring(ref, ref_len, &r, out))
    return 0;
  QUrl bu(b, QUrl::StrictMode), ru(r, QUrl::StrictMode);
  /* QUrl("") is not valid (isValid() wants a non-empty URL), but resolved()
   * takes it as the empty reference, so only a non-empty reference must be. */
  if (!bu.isValid() || (!r.isEmpty() && !ru.isValid())) {
    out->valid = 0;
    return 0;
  }
  QUrl t = bu.resolved(ru);
  if (!t.isValid()) {
    out->valid = 0;
    return 0;
  }
  set_output(out, t.toString(QUrl::FullyEncoded));
  return 0;
}

static int qt_normalize(const char *s, size_t len, enum glue_level level,
                        struct adapter_reading *out) {
  if (level != GLUE_LEVEL_SYNTAX) {
    out->unsupported = "QUrl normalizes at the syntax level only";
    return 0;
  }
  QString in;
  if (!to_qstring(s, len, &in, out))
    return 0;
  QUrl u(in, QUrl::StrictMode);
  if (!u.isValid()) {
    out->valid = 0;
    return 0;
  }
  set_output(
      out,
      u.adjusted(QUrl::NormalizePathSegments).toString(QUrl::FullyEncoded));
  return 0;
}

/* For the benchmark: QUrl in StrictMode and isValid(), with the UTF-8
 * conversion its users pay too. */
static int qt_accepts(const char *s, size_t len) {
  if (!utf8_valid(reinterpret_cast<const unsigned char *>(s), len))
    return -1;
  return QUrl(QString::fromUtf8(s, static_cast<int>(len)), QUrl::StrictMode)
      .isValid();
}

extern "C" const struct glue glue_qt = {
    "qt",
    "rfc3986",
    GLUE_OP_PARSE | GLUE_OP_RESOLVE | GLUE_OP_NORMALIZE,
    qt_version,
    qt_parse,
    nullptr,
    qt_resolve,
    qt_normalize,
    nullptr,
    nullptr,
    qt_accepts,
    nullptr, /* recompose: none */
    nullptr, /* base_parse, resolve_parsed, base_free: none */
    nullptr,
    nullptr,
    nullptr, /* fetch: none */
};
