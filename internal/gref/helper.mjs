// The long-lived helper behind gref.Run: it runs reference scripts one after
// another inside a single node process, so the Gemini CLI modules (seconds of
// CPU to import) are loaded once per test binary instead of once per call.
//
// Requests arrive on stdin, one JSON object a line:
//   {"id": N, "script": "/abs/path.mjs", "args": [...], "env": {"K": "V"}}
// and each gets one answer line on fd 3:
//   {"id": N, "code": EXIT, "out": [[1, "stdout text"], [2, "stderr text"], ...]}
// A script runs as if started with `node SCRIPT ARGS...`: process.argv,
// process.env, process.exit, process.exitCode, console and the two output
// streams are its own for the duration of the call and restored afterwards.
// A call ends when the script calls process.exit, or when its module has
// finished and it holds no more event-loop resources (node's own rule for
// when a process ends), or with code 1 on an uncaught error.
import fs from 'node:fs';
import readline from 'node:readline';
import { pathToFileURL } from 'node:url';

const ANSWERS = 3;
const realExit = process.exit.bind(process);
const streams = [process.stdout, process.stderr];

class Exit {
  constructor(code) { this.code = code; }
}

let cur = null; // the call in progress: {id, out, done}
let seq = 0;

streams.forEach((s, i) => {
  s.write = function write(chunk, enc, cb) {
    if (typeof enc === 'function') { cb = enc; enc = undefined; }
    if (cur) {
      const text = typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString(enc && enc !== 'buffer' ? enc : 'utf8');
      cur.out.push([i + 1, text]);
    }
    if (cb) process.nextTick(cb);
    return true;
  };
});

process.exit = (code) => {
  if (cur) cur.done(code ?? process.exitCode ?? 0);
  throw new Exit(code);
};

function crashed(e) {
  if (e instanceof Exit || !cur) return;
  cur.out.push([2, `${(e && e.stack) || e}\n`]);
  cur.done(1);
}
process.on('uncaughtException', crashed);
process.on('unhandledRejection', crashed);

function resources() {
  const n = new Map();
  for (const r of process.getActiveResourcesInfo()) n.set(r, (n.get(r) ?? 0) + 1);
  return n;
}

function quiet(base) {
  for (const [r, k] of resources()) if (k > (base.get(r) ?? 0)) return false;
  return true;
}

async function run(req) {
  const savedEnv = { ...process.env };
  const savedConsole = { ...console };
  const savedArgv = process.argv;
  let finished;
  const ended = new Promise((resolve) => { finished = resolve; });
  const call = { id: req.id, out: [], code: null };
  call.done = (code) => {
    if (cur !== call) return;
    cur = null;
    call.code = Number(code) || 0;
    finished();
  };
  Object.assign(process.env, req.env ?? {});
  process.argv = [process.execPath, req.script, ...(req.args ?? [])];
  process.exitCode = undefined;
  const base = resources();
  cur = call;
  import(`${pathToFileURL(req.script).href}?gref=${++seq}`).then(
    async () => {
      while (cur === call) {
        await new Promise((r) => setTimeout(r, 1));
        if (cur === call && quiet(base)) call.done(process.exitCode ?? 0);
      }
    },
    (e) => crashed(e),
  );
  await ended;
  // Let whatever the script left queued (catch handlers after its exit) run
  // with no call attached, then restore the process for the next script.
  await new Promise((r) => setImmediate(r));
  for (const k of Object.keys(process.env)) if (!(k in savedEnv)) delete process.env[k];
  Object.assign(process.env, savedEnv);
  Object.assign(console, savedConsole);
  process.argv = savedArgv;
  process.exitCode = undefined;
  fs.writeSync(ANSWERS, JSON.stringify({ id: call.id, code: call.code, out: call.out }) + '\n');
}

const queue = [];
let busy = false;
async function drain() {
  if (busy) return;
  busy = true;
  while (queue.length > 0) await run(queue.shift());
  busy = false;
}

const lines = readline.createInterface({ input: process.stdin });
lines.on('line', (line) => {
  if (line.trim() === '') return;
  queue.push(JSON.parse(line));
  drain();
});
lines.on('close', async () => {
  while (busy || queue.length > 0) await new Promise((r) => setTimeout(r, 10));
  realExit(0);
});
