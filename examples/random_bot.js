// The random bot of examples/random_bot.py in JavaScript: node examples/random_bot.js
const lines = require("readline").createInterface({ input: process.stdin });
lines.on("line", (line) => {
  const message = JSON.parse(line);
  if (message.type === "request") {
    process.stdout.write(JSON.stringify({ index: Math.floor(Math.random() * message.legal.length) }) + "\n");
  }
});
