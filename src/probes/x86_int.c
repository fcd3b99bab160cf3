/*
 * x86_int.c — probes of the integer instructions of bignum and Poly1305
 * code: MULX (BMI2), ADCX and ADOX (ADX), MUL and ADC. Built with -mbmi2
 * -madx (src/probes/CMakeLists.txt); MULX runs only where cm_cpu_has()
 * grants "bmi2", ADCX/ADOX where it grants "adx"; MUL and ADC are x86-64.
 *
 * A carry chain is serial by nature: every ADC (ADCX, ADOX) reads the flag
 * the one before wrote, so independent chains of one of them do not exist
 * and they have no throughput kernel of their own; "adcx+adox" measures
 * what ADX is for, a CF chain and an OF chain interleaved. MUL writes
 * RDX:RAX and reads RAX: its throughput kernel gives each MUL a fresh RAX
 * by a MOV from an independent register (which renaming removes).
 */
#include "probes/probe_kernels.h"
#include "probes/probe_sets.h"

#define INIT 0x9e3779b97f4a7c15ull

/* MULX k, lo, hi with hi = RDX: the chain runs through the high half, the
 * one the next column of a product takes. */
static uint64_t mulx_lat(uint64_t n)
{
    uint64_t d = INIT, k = INIT, lo;
    while (n--)
        __asm__ volatile(".rept " CM_PROBE_STR(CM_PROBE_LAT_STEPS) "\n\t"
                         "mulx %[k], %[lo], %%rdx\n\t.endr"
                         : "+d"(d), [lo] "=&r"(lo)
                         : [k] "r"(k));
    return 0;
}

/* MULX with RDX fixed and both halves into one register (Intel SDM: it
 * then holds the high half), so no MULX waits for another. */
#define MULX(r) "mulx %[k], %[" r "], %[" r "]\n\t"
#define MULX_TPUT_D INIT
static uint64_t mulx_tput(uint64_t n)
{
    uint64_t a0 = 0, a1 = 0, a2 = 0, a3 = 0, a4 = 0, a5 = 0, a6 = 0, a7 = 0, a8 = 0, a9 = 0, k = INIT,
             d = MULX_TPUT_D;
    while (n--)
        __asm__ volatile(".rept " CM_PROBE_STR(CM_PROBE_TPUT_REPS) "\n\t" MULX("a0") MULX("a1")
                             MULX("a2") MULX("a3") MULX("a4") MULX("a5") MULX("a6") MULX("a7")
                                 MULX("a8") MULX("a9") ".endr"
                         : [a0] "=&r"(a0), [a1] "=&r"(a1), [a2] "=&r"(a2), [a3] "=&r"(a3),
                           [a4] "=&r"(a4), [a5] "=&r"(a5), [a6] "=&r"(a6), [a7] "=&r"(a7),
                           [a8] "=&r"(a8), [a9] "=&r"(a9)
                         : [k] "r"(k), "d"(d));
    return 0;
}

#define ADCX(r) "adcx %[k], %[" r "]\n\t"
#define ADOX(r) "adox %[k], %[" r "]\n\t"
#define ADC(r) "adc %[k], %[" r "]\n\t"
CM_PROBE_LATENCY(adcx_lat, uint64_t, "r", "r", INIT, ADCX, "cc")
CM_PROBE_LATENCY(adox_lat, uint64_t, "r", "r", INIT, ADOX, "cc")
CM_PROBE_LATENCY(adc_lat, uint64_t, "r", "r", INIT, ADC, "cc")

/* ADCX on one chain (CF), ADOX on another (OF), alternating. */
static uint64_t adx_pair_tput(uint64_t n)
{
    uint64_t a0 = INIT, a1 = INIT, k = INIT;
    while (n--)
        __asm__ volatile(".rept " CM_PROBE_STR(CM_PROBE_LAT_STEPS) "\n\t" ADCX("a0") ADOX("a1") ".endr"
                         : [a0] "+r"(a0), [a1] "+r"(a1)
                         : [k] "r"(k)
                         : "cc");
    return 0;
}

/* MUL k: RDX:RAX = RAX * k; the chain runs through RAX (the low half). */
static uint64_t mul_lat(uint64_t n)
{
    uint64_t a = INIT, k = INIT;
    while (n--)
        __asm__ volatile(".rept " CM_PROBE_STR(CM_PROBE_LAT_STEPS) "\n\tmul %[k]\n\t.endr"
                         : "+a"(a)
                         : [k] "r"(k)
                         : "rdx", "cc");
    return 0;
}

#define MUL(r) "mov %[" r "], %%rax\n\tmul %[k]\n\t"
static uint64_t mul_tput(uint64_t n)
{
    uint64_t a0 = 1, a1 = 2, a2 = 3, a3 = 4, a4 = 5, a5 = 6, a6 = 7, a7 = 8, a8 = 9, a9 = 10, k = INIT;
    while (n--)
        __asm__ volatile(".rept " CM_PROBE_STR(CM_PROBE_TPUT_REPS) "\n\t" MUL("a0") MUL("a1") MUL("a2")
                             MUL("a3") MUL("a4") MUL("a5") MUL("a6") MUL("a7") MUL("a8") MUL("a9")
                                 ".endr"
                         :
                         : [a0] "r"(a0), [a1] "r"(a1), [a2] "r"(a2), [a3] "r"(a3), [a4] "r"(a4),
                           [a5] "r"(a5), [a6] "r"(a6), [a7] "r"(a7), [a8] "r"(a8), [a9] "r"(a9),
                           [k] "r"(k)
                         : "rax", "rdx", "cc");
    return 0;
}

/* The clock's reference: a chain of dependent ADD reg,reg, one cycle each
 * (the primary chain of src/platform/cpuclock.c), timed beside every
 * sample of every probe. */
#define ADD(r) "add %[k], %[" r "]\n\t"
CM_PROBE_LATENCY(add_lat, uint64_t, "r", "r", INIT, ADD, "cc")
const cm_probe_kernel cm_probe_clock_chain = {"add", "ADD r64, r64", "x86_64", "", add_lat,
                                              CM_PROBE_LAT_STEPS, CM_PROBE_LAT_HOW, NULL, 0, NULL};

#define CARRY_ONLY "none: each one reads the carry flag the one before wrote (see adcx+adox)"

const cm_probe_kernel cm_probes_x86_int[] = {
    {"mulx", "MULX r64, r64, r64", "x86_64", "bmi2", mulx_lat, CM_PROBE_LAT_STEPS,
     "one chain through the high half (RDX <- hi(RDX * k))", mulx_tput, CM_PROBE_TPUT_UNITS,
     CM_PROBE_TPUT_HOW},
    {"adcx", "ADCX r64, r64", "x86_64", "adx", adcx_lat, CM_PROBE_LAT_STEPS,
     "one chain through the register and CF", NULL, 0, CARRY_ONLY},
    {"adox", "ADOX r64, r64", "x86_64", "adx", adox_lat, CM_PROBE_LAT_STEPS,
     "one chain through the register and OF", NULL, 0, CARRY_ONLY},
    {"adcx+adox", "ADCX r64, r64 / ADOX r64, r64 alternating", "x86_64", "adx", NULL, 0,
     "none: see adcx and adox", adx_pair_tput, 2 * CM_PROBE_LAT_STEPS,
     "a CF chain (ADCX) and an OF chain (ADOX) interleaved; cycles per instruction"},
    {"mul", "MUL r64 (RDX:RAX = RAX * r64)", "x86_64", "", mul_lat, CM_PROBE_LAT_STEPS,
     "one chain through RAX (the low half)", mul_tput, CM_PROBE_TPUT_UNITS,
     "10 independent MULs, each after a MOV of a fresh RAX; cycles per MUL"},
    {"adc", "ADC r64, r64", "x86_64", "", adc_lat, CM_PROBE_LAT_STEPS,
     "one chain through the register and CF", NULL, 0, CARRY_ONLY},
};
const size_t cm_probes_x86_int_n = sizeof cm_probes_x86_int / sizeof cm_probes_x86_int[0];
