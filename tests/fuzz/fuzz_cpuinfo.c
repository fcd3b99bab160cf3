/*
 * fuzz_cpuinfo.c — libFuzzer harness of the /proc/cpuinfo parser
 * (platform_cpu_parse_cpuinfo, src/platform/cpu.c) on the input text.
 */
#include "fuzz_common.h"
#include "platform/cpu.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = fuzz_text(data, size);
    platform_cpu *cpu = platform_cpu_new();
    if (!cpu)
        abort();
    platform_cpu_parse_cpuinfo(text, cpu);
    /* what is read back must be within the arrays and NUL-terminated */
    if (cpu->n_cpus < 0 || cpu->n_cpus > PLATFORM_MAX_CPUS)
        abort();
    if (strlen(cpu->arch) >= sizeof cpu->arch || strlen(cpu->model_name) >= sizeof cpu->model_name)
        abort();
    platform_cpu_free(cpu);
    free(text);
    return 0;
}
