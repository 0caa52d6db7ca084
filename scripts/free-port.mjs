// Prints free TCP ports on 127.0.0.1, one a line (`node scripts/free-port.mjs [count]`): the OS picks
// each (listen on port 0), all are held open together so they differ, then released. Used where a
// test server's port must be known before it starts (PostgreSQL, `npm start` under e2e and smoke).
import net from 'node:net';

const count = Math.max(1, Number(process.argv[2] ?? 1));
const servers = [];
for (let i = 0; i < count; i++) {
  const server = net.createServer();
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  servers.push(server);
}
console.log(servers.map((s) => s.address().port).join('\n'));
await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
