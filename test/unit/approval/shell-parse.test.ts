// analyzeCommand: a command line split into the simple commands that would run (unbash syntax tree), wrappers
// looked through, and what cannot be known statically marked dynamic.
import { describe, expect, it } from 'vitest';
import { analyzeCommand } from '../../../main/approval/shell-parse.js';

const words = (src: string) => analyzeCommand(src).parts.map((p) => p.words);
const dynamic = (src: string) =>
  analyzeCommand(src)
    .parts.filter((p) => p.dynamic)
    .map((p) => p.dynamic);
const notes = (src: string) =>
  analyzeCommand(src)
    .parts.filter((p) => p.note)
    .map((p) => p.note);

describe('analyzeCommand', () => {
  it('splits lists, pipelines, newlines, subshells and groups into simple commands, with their source text', () => {
    expect(words('git status; rm -rf x')).toEqual([
      ['git', 'status'],
      ['rm', '-rf', 'x'],
    ]);
    expect(words('a && b || c | d |& e & f')).toEqual([['a'], ['b'], ['c'], ['d'], ['e'], ['f']]);
    expect(words('a\nb\n\nc')).toEqual([['a'], ['b'], ['c']]);
    expect(words('(a; { b; }) && if c; then d; elif e; then f; else g; fi')).toEqual([
      ['a'],
      ['b'],
      ['c'],
      ['d'],
      ['e'],
      ['f'],
      ['g'],
    ]);
    expect(words('while a; do b; done; for i in 1 2; do c "$i"; done; case x in y) d;; esac')).toEqual([
      ['a'],
      ['b'],
      ['c', null],
      ['d'],
    ]);
    expect(analyzeCommand('git status;  rm -rf x').parts.map((p) => p.text)).toEqual(['git status', 'rm -rf x']);
  });

  it('finds commands inside $(…), backticks (nested), process substitution, here-documents and expansions', () => {
    expect(words('echo $(rm x)')).toEqual([
      ['echo', null],
      ['rm', 'x'],
    ]);
    expect(words('echo `echo \\`rm x\\``')).toEqual([
      ['echo', null],
      ['echo', null],
      ['rm', 'x'],
    ]);
    expect(words('diff <(rm a) >(rm b)')).toEqual([
      ['diff', null, null],
      ['rm', 'a'],
      ['rm', 'b'],
    ]);
    expect(words('cat <<EOF\n$(rm x)\nEOF')).toEqual([['cat'], ['rm', 'x']]);
    expect(words("cat <<'EOF'\n$(rm x)\nEOF")).toEqual([['cat']]);
    expect(words('echo "${x:-$(rm y)}"')).toEqual([
      ['echo', null],
      ['rm', 'y'],
    ]);
    expect(words('f() { rm x; }; f')).toEqual([['rm', 'x'], ['f']]);
  });

  it('removes quotes and line continuations the way bash does', () => {
    expect(words(`r'm' "-rf" \\x`)).toEqual([['rm', '-rf', 'x']]);
    expect(words('git sta\\\ntus')).toEqual([['git', 'status']]);
    expect(words("$'\\x72\\x6d' -rf x")).toEqual([['rm', '-rf', 'x']]);
    expect(words('git status \\\n&& rm x')).toEqual([
      ['git', 'status'],
      ['rm', 'x'],
    ]);
  });

  it('looks through transparent wrappers and keeps every form for deny rules', () => {
    expect(words('command rm x')).toEqual([['rm', 'x']]);
    expect(words('builtin cd /')).toEqual([['cd', '/']]);
    expect(words('env -i NODE_ENV=1 nohup nice -n 5 timeout -s KILL 5 stdbuf -o L exec rm x')).toEqual([['rm', 'x']]);
    const [sudo] = analyzeCommand('sudo -u root /bin/rm -rf x').parts;
    expect(sudo.words).toEqual(['sudo', '-u', 'root', '/bin/rm', '-rf', 'x']);
    expect(sudo.note).toMatch(/runs through sudo/);
    expect(sudo.views).toContainEqual(['rm', '-rf', 'x']);
    expect(analyzeCommand('/usr/bin/rm x').parts[0].views).toContainEqual(['rm', 'x']);
    expect(words('command -v rm')).toEqual([['command', '-v', 'rm']]);
  });

  it('analyses a static bash -c script, but marks eval, source, computed scripts and names dynamic', () => {
    expect(words(`bash -c 'git status; rm x'`)).toEqual([
      ['git', 'status'],
      ['rm', 'x'],
    ]);
    expect(words(`sh -ec "ls"`)).toEqual([['ls']]);
    for (const src of [
      'eval "rm x"',
      'source ./x.sh',
      '. ./x.sh',
      'bash -c "$X"',
      'trap "rm x" EXIT',
      'builtin eval x',
      'command eval x',
    ]) {
      expect(dynamic(src), src).toHaveLength(1);
    }
    expect(dynamic('$X status')).toEqual(['the command name is computed at run time']);
    expect(dynamic('{rm,-rf,x}')).toEqual(['the command name is computed at run time']);
    expect(dynamic('/bin/r? x')).toEqual(['the command name is computed at run time']);
    expect(dynamic('env -S "rm x"')).toHaveLength(1);
  });

  it('marks parse errors, invisible characters and arithmetic on variables dynamic', () => {
    expect(dynamic('echo "unterminated')[0]).toMatch(/does not parse as bash: unterminated double quote/);
    expect(dynamic('echo $(echo "x)')[0]).toMatch(/does not parse/);
    expect(dynamic('git status\u200b')).toEqual(['contains invisible or text-direction characters']);
    expect(dynamic('x="a[$(rm y)]"; (( x ))')).toHaveLength(1);
    expect(dynamic('[[ $x -eq 1 ]]')).toHaveLength(1);
    expect(dynamic('echo $((1 + 2))')).toEqual([]);
  });

  it('notes file writes, environment changes and non-ASCII command names', () => {
    expect(notes('git status > ~/.bashrc')).toEqual(['writes to ~/.bashrc']);
    expect(notes('git status 2>&1 >/dev/null </etc/hosts')).toEqual([]);
    expect(notes('PATH=/tmp git status')).toEqual(['sets PATH']);
    expect(notes('NODE_ENV=test npm test')).toEqual([]);
    expect(notes('x=1; PATH=/tmp')).toEqual(['sets PATH']);
    expect(notes('gіt status')[0]).toMatch(/non-ASCII/);
    expect(notes('{ rm x; } > out')).toEqual(['writes to out']);
    expect(analyzeCommand('ｒｍ x').parts[0].views).toContainEqual(['rm', 'x']);
  });
});
