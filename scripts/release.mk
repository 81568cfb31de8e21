# scripts/release.mk: releases (make dist) and installation (make install),
# included by the top-level Makefile.
#
#   make dist        build/dist/uritest-X.Y.Z.tar.gz (the sources; X.Y.Z from
#                    VERSION), build/dist/uritest-vectors-A.B.C.tar.gz (the
#                    vectors alone, usable without uritest: v1/, schema/,
#                    README.md, LICENSE; A.B.C from vectors/VERSION) and
#                    build/dist/SHA256SUMS of both, the same octets every time
#                    for the same tree
#   make release     a release's checks (VERSION in CHANGELOG.md and in
#                    rfc3986.h, a clean tree, no tag vX.Y.Z elsewhere), make
#                    dist, then the commands that tag and publish it upstream
#                    (printed, not run: a release is a person's act)
#   make install     rfc3986, uritest, librfc3986 (+ pkg-config), the vectors
#                    under share/uritest/vectors, man pages, bash completion;
#                    PREFIX (default /usr/local) and DESTDIR as usual
#   make uninstall   the same files removed
#
# A release is VERSION (and vectors/VERSION when the vectors changed) bumped
# in one commit with its CHANGELOG.md section ("## X.Y.Z (DATE)") and
# RFC3986_VERSION, then `make release` on that commit: the archives and the
# tag vX.Y.Z, pushed upstream with the archives and SHA256SUMS as the
# release's assets.

VECTORS_VERSION := $(shell head -n 1 vectors/VERSION)
DIST_DIR   := $(BUILD)/dist
DIST_SRC   := $(DIST_DIR)/uritest-$(VERSION).tar.gz
DIST_VEC   := $(DIST_DIR)/uritest-vectors-$(VECTORS_VERSION).tar.gz
# The files of a vectors release, relative to vectors/.
DIST_VEC_FILES := VERSION CHANGELOG.md LICENSE MANIFEST README.md COUNTS.md RELEASED RETIRED schema v1
MAN_PAGES  := man/rfc3986.1 man/librfc3986.3 man/uritest.1 man/uritest-vectors.5 man/uritest-adapter.7
# Octets that do not depend on the clock, the user or the file system's
# order: the time of the last commit (or SOURCE_DATE_EPOCH), names sorted,
# owner 0, gzip without a name or a time.
DIST_EPOCH = $(or $(SOURCE_DATE_EPOCH),$(shell git log -1 --format=%ct 2>/dev/null),0)
DIST_TAR   = LC_ALL=C tar --sort=name --format=gnu --mtime=@$(DIST_EPOCH) \
             --owner=0 --group=0 --numeric-owner --mode=go-w,u+w

.PHONY: dist install uninstall release
dist: $(DIST_SRC) $(DIST_VEC)
	@cd $(DIST_DIR) && sha256sum $(notdir $(DIST_SRC) $(DIST_VEC)) > SHA256SUMS && cat SHA256SUMS

# The checks of a release, the archives, and the commands that publish it.
release:
	@grep -qx '## $(VERSION) (.*)' CHANGELOG.md || { echo "make release: CHANGELOG.md has no section '## $(VERSION) (DATE)'" >&2; exit 2; }
	@grep -qx '#define RFC3986_VERSION "$(VERSION)"' reference/include/rfc3986.h || { echo "make release: RFC3986_VERSION in reference/include/rfc3986.h is not $(VERSION)" >&2; exit 2; }
	@test -z "$$(git status --porcelain --untracked-files=no 2>/dev/null)" || { echo "make release: the tree has uncommitted changes" >&2; exit 2; }
	@t=$$(git rev-parse -q --verify 'refs/tags/v$(VERSION)^{commit}' 2>/dev/null); \
	  test -z "$$t" || test "$$t" = "$$(git rev-parse HEAD)" || { echo "make release: tag v$(VERSION) exists on another commit" >&2; exit 2; }
	@$(MAKE) --no-print-directory dist
	@echo "make release: uritest $(VERSION) (vectors $(VECTORS_VERSION)) is ready in $(DIST_DIR)/; to publish it upstream:"
	@echo "  git tag -a v$(VERSION) -m 'uritest $(VERSION)'"
	@echo "  git push origin v$(VERSION)"
	@echo "  gh release create v$(VERSION) --notes-file <(sed -n '/^## $(VERSION) /,/^## [0-9]/p' CHANGELOG.md | sed '1d;$$d') \\"
	@echo "    $(DIST_SRC) $(DIST_VEC) $(DIST_DIR)/SHA256SUMS"

# The sources are the files git tracks (as they are in the work tree): a
# release is made from a checkout.
$(DIST_SRC): FORCE
	@mkdir -p $(dir $@)
	@git ls-files -z >/dev/null || { echo "make dist: needs a git checkout" >&2; exit 2; }
	git ls-files -z | $(DIST_TAR) --null --files-from=- \
	  --transform='s|^|uritest-$(VERSION)/|' -cf - | gzip -9n > $@.tmp
	mv $@.tmp $@

$(DIST_VEC): FORCE
	@mkdir -p $(dir $@)
	cd vectors && $(DIST_TAR) --transform='s|^|uritest-vectors-$(VECTORS_VERSION)/|' \
	  -cf - $(DIST_VEC_FILES) | gzip -9n > $(abspath $@).tmp
	mv $@.tmp $@
.PHONY: FORCE
FORCE:

# ---- install ------------------------------------------------------------
DEST      := $(DESTDIR)$(PREFIX)
SHARE_UT  := $(DEST)/share/uritest
# A prefix the dynamic linker does not search gets an rpath in the .pc
# file's Libs (and make install says so).
SYSTEM_PREFIXES := /usr /usr/local
COMMA     := ,
PC_RPATH  := $(if $(filter $(SYSTEM_PREFIXES),$(PREFIX)),,-Wl$(COMMA)-rpath$(COMMA)$${libdir} )
RPATH_NOTE = make install: $(PREFIX)/lib is not a system library folder: librfc3986.pc \
  links with -Wl$(COMMA)-rpath$(COMMA)$(PREFIX)/lib; add $(PREFIX)/lib/pkgconfig to PKG_CONFIG_PATH \
  (and $(PREFIX)/bin to PATH)

install: $(LIBA) $(LIBSO) $(RFC3986) $(UT_BIN) $(BUILD)/adapters/reference
	install -d $(DEST)/bin $(DEST)/lib/pkgconfig $(DEST)/include \
	  $(DEST)/libexec/uritest $(SHARE_UT)/adapters/reference \
	  $(DEST)/share/man/man1 $(DEST)/share/man/man3 $(DEST)/share/man/man5 \
	  $(DEST)/share/man/man7 $(DEST)/share/bash-completion/completions
	install -m 644 $(LIBA) $(DEST)/lib/
	install -m 755 $(LIBSO) $(DEST)/lib/librfc3986.so.0
	ln -sf librfc3986.so.0 $(DEST)/lib/librfc3986.so
	install -m 644 reference/include/rfc3986.h reference/include/rfc3986_rules.h $(DEST)/include/
	install -m 755 $(RFC3986) $(UT_BIN) $(DEST)/bin/
	sed -e 's|@PREFIX@|$(PREFIX)|' -e 's|@VERSION@|$(VERSION)|' -e 's|@RPATH@|$(PC_RPATH)|' \
	  reference/librfc3986.pc.in > $(DEST)/lib/pkgconfig/librfc3986.pc
	rm -rf $(SHARE_UT)/vectors
	install -d $(SHARE_UT)/vectors
	cd vectors && tar -cf - $(DIST_VEC_FILES) | tar -xf - -C $(SHARE_UT)/vectors --no-same-owner
	install -m 755 $(BUILD)/adapters/reference $(DEST)/libexec/uritest/reference
	install -d $(SHARE_UT)/reports/site
	install -m 644 reports/site/site.py $(SHARE_UT)/reports/site/site.py
	printf '%s\n' '{"name": "reference", "spec": "rfc3986",' \
	  ' "command": ["../../libexec/uritest/reference"]}' > $(SHARE_UT)/adapters/reference/adapter.json
	install -m 644 man/rfc3986.1 man/uritest.1 $(DEST)/share/man/man1/
	install -m 644 man/librfc3986.3 $(DEST)/share/man/man3/
	install -m 644 man/uritest-vectors.5 $(DEST)/share/man/man5/
	install -m 644 man/uritest-adapter.7 $(DEST)/share/man/man7/
	install -m 644 harness/completion/uritest.bash $(DEST)/share/bash-completion/completions/uritest
	install -m 644 harness/completion/uritest.bash $(DEST)/share/bash-completion/completions/rfc3986
	@$(if $(PC_RPATH),echo "$(RPATH_NOTE)",true)

uninstall:
	rm -f $(DEST)/lib/librfc3986.a $(DEST)/lib/librfc3986.so $(DEST)/lib/librfc3986.so.0 \
	  $(DEST)/include/rfc3986.h $(DEST)/include/rfc3986_rules.h $(DEST)/bin/rfc3986 $(DEST)/bin/uritest \
	  $(DEST)/lib/pkgconfig/librfc3986.pc $(DEST)/libexec/uritest/reference \
	  $(DEST)/share/man/man1/rfc3986.1 $(DEST)/share/man/man1/uritest.1 \
	  $(DEST)/share/man/man3/librfc3986.3 $(DEST)/share/man/man5/uritest-vectors.5 $(DEST)/share/man/man7/uritest-adapter.7 \
	  $(DEST)/share/bash-completion/completions/uritest \
	  $(DEST)/share/bash-completion/completions/rfc3986
	rm -rf $(SHARE_UT)
	-rmdir $(DEST)/libexec/uritest 2>/dev/null

# make dist, make install, the man pages and the completion, in a suite of
# their own (they run make; not repeated under ASan).
TEST_SUITES += test-release
.PHONY: test-release
test-release: all
	@UTBIN=$(UT_BIN) tests/suite.sh release bats --tap harness/tests/release
