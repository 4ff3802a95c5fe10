// The lesson page's questions answered by the WebAssembly module in Node,
// one JSON question a line on standard input: prints how many and the
// seconds they took (the module's side of bench/page).
import fs from "fs";

const bytes = fs.readFileSync(process.argv[2]);
const { instance } = await WebAssembly.instantiate(bytes, {});
const e = instance.exports;
function send(fn, text) {
  const b = new TextEncoder().encode(text);
  const p = e.mb_alloc(b.length);
  new Uint8Array(e.memory.buffer, p, b.length).set(b);
  return e[fn](p, b.length);
}
const questions = fs.readFileSync(0, "utf8").split("\n").filter((l) => l.trim());
const start = performance.now();
for (const q of questions) {
  const n = send("mb_ask", q);
  new TextDecoder().decode(new Uint8Array(e.memory.buffer, e.mb_answer(), n));
}
console.log(questions.length, ((performance.now() - start) / 1000).toFixed(3));
