// Pure: the seccomp program (classic BPF, as the kernel's seccomp(2) takes it) bwrap loads for a sandboxed command.
// It refuses with EPERM the ioctls that push input into a terminal (TIOCSTI: typing into the terminal a process
// outside may read; TIOCLINUX: the console's selection paste), and every system call made through another
// architecture's calling convention (the x32 and 32-bit entry points, where those numbers are not checked). All else
// is allowed: the file system, the network and capabilities are the namespaces' business (bwrap-args.ts).
// Must not load anything; the bytes are written to a file the launch hands to bwrap.

/** AUDIT_ARCH_* of the architectures we build a program for, and their ioctl number. */
const ARCHES: Record<string, { audit: number; ioctl: number }> = {
  x64: { audit: 0xc000003e, ioctl: 16 },
  arm64: { audit: 0xc00000b7, ioctl: 29 },
};

export const TIOCSTI = 0x5412;
export const TIOCLINUX = 0x541c;
const EPERM = 1;

// BPF opcodes (linux/filter.h)
const LD_W_ABS = 0x20;
const JEQ_K = 0x15;
const JSET_K = 0x45;
const RET_K = 0x06;
// seccomp return values (linux/seccomp.h)
const RET_ALLOW = 0x7fff0000;
const RET_ERRNO = 0x00050000;
// offsets in struct seccomp_data
const OFF_NR = 0;
const OFF_ARCH = 4;
/** low 32 bits of args[1] (little-endian): the ioctl request */
const OFF_ARG1_LO = 16 + 8;
/** the x32 ABI marks its system call numbers with this bit */
const X32_BIT = 0x40000000;

interface Insn {
  code: number;
  jt: number;
  jf: number;
  k: number;
}

/** The filter's instructions for `arch` (Node's process.arch); undefined where we have no program. */
function seccompInstructions(arch: string): Insn[] | undefined {
  const a = ARCHES[arch];
  if (!a) return undefined;
  const deny = RET_ERRNO | EPERM;
  // indices in comments; a jump offset counts instructions after the next one
  return [
    /* 0 */ { code: LD_W_ABS, jt: 0, jf: 0, k: OFF_ARCH },
    /* 1 */ { code: JEQ_K, jt: 1, jf: 0, k: a.audit },
    /* 2 */ { code: RET_K, jt: 0, jf: 0, k: deny },
    /* 3 */ { code: LD_W_ABS, jt: 0, jf: 0, k: OFF_NR },
    /* 4 */ { code: JSET_K, jt: 0, jf: 1, k: arch === 'x64' ? X32_BIT : 0 },
    /* 5 */ { code: RET_K, jt: 0, jf: 0, k: deny },
    /* 6 */ { code: JEQ_K, jt: 0, jf: 3, k: a.ioctl },
    /* 7 */ { code: LD_W_ABS, jt: 0, jf: 0, k: OFF_ARG1_LO },
    /* 8 */ { code: JEQ_K, jt: 2, jf: 0, k: TIOCSTI },
    /* 9 */ { code: JEQ_K, jt: 1, jf: 0, k: TIOCLINUX },
    /* 10 */ { code: RET_K, jt: 0, jf: 0, k: RET_ALLOW },
    /* 11 */ { code: RET_K, jt: 0, jf: 0, k: deny },
  ];
}

/** The program as bytes (struct sock_filter, 8 bytes each, host byte order = little-endian on both arches). */
export function seccompProgram(arch: string): Buffer | undefined {
  const insns = seccompInstructions(arch);
  if (!insns) return undefined;
  const b = Buffer.alloc(insns.length * 8);
  insns.forEach((ins, i) => {
    b.writeUInt16LE(ins.code, i * 8);
    b.writeUInt8(ins.jt, i * 8 + 2);
    b.writeUInt8(ins.jf, i * 8 + 3);
    b.writeUInt32LE(ins.k >>> 0, i * 8 + 4);
  });
  return b;
}

/** Runs the program on one system call (a tiny BPF interpreter for the instructions above; for tests). */
export function seccompVerdict(
  arch: string,
  call: { auditArch: number; nr: number; arg1?: number },
): 'allow' | 'eperm' {
  const insns = seccompInstructions(arch);
  if (!insns) return 'allow';
  let acc = 0;
  for (let pc = 0; pc < insns.length;) {
    const ins = insns[pc];
    if (ins.code === LD_W_ABS) {
      acc = ins.k === OFF_ARCH ? call.auditArch : ins.k === OFF_NR ? call.nr : (call.arg1 ?? 0) >>> 0;
      pc++;
    } else if (ins.code === JEQ_K) pc += 1 + (acc >>> 0 === ins.k >>> 0 ? ins.jt : ins.jf);
    else if (ins.code === JSET_K) pc += 1 + ((acc & ins.k) !== 0 ? ins.jt : ins.jf);
    else if (ins.code === RET_K) return ins.k === RET_ALLOW ? 'allow' : 'eperm';
    else throw new Error(`unknown BPF opcode ${ins.code}`);
  }
  throw new Error('the seccomp program ran off its end');
}
