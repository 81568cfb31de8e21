/* trivial.c: a persistent-mode target that does nothing, built like the
 * real ones: the engine's own ceiling in execs/s on this machine. */
#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  volatile size_t sink = size ? data[0] : 0;
  (void)sink;
  return 0;
}
