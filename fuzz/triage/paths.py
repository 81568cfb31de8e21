"""Where triage reads and writes, its messages, and writing a file whole."""
import os
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BUILD = os.environ.get("BUILD", "build")
FUZZ_DIR = os.path.join(ROOT, BUILD, "fuzz")
REG = os.path.join(ROOT, "vectors", "v1", "regressions")
UT = os.path.join(ROOT, BUILD, "bin", "uritest")

if ROOT not in sys.path:
    sys.path.insert(0, ROOT)


def log(msg):
    sys.stderr.write("triage: %s\n" % msg)


def write_atomic(path, text):
    """TEXT as PATH's new content: written to a new name in the same folder,
    then renamed over it, so a full disk or a kill never leaves it cut."""
    folder = os.path.dirname(path)
    fd, tmp = tempfile.mkstemp(prefix=os.path.basename(path) + ".tmp.", dir=folder)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        if os.path.exists(path):
            os.chmod(tmp, os.stat(path).st_mode & 0o7777)
        else:
            um = os.umask(0)
            os.umask(um)
            os.chmod(tmp, 0o666 & ~um)
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
