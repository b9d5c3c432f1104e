import Database from 'better-sqlite3';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
const src = process.argv[2];
fs.copyFileSync(src, '/tmp/micro.db');
const db = new Database('/tmp/micro.db');
db.pragma('journal_mode = WAL'); db.pragma('synchronous = NORMAL'); db.pragma('foreign_keys = ON');
const cust = db.prepare('select customer_id, client_id from customers limit 1').get();
const cols = db.prepare("select name from pragma_table_info('wallet_beneficiaries')").all().map((r) => r.name);
const ph = cols.map(() => '?').join(', ');
const ins = (ret) => db.prepare(`insert into wallet_beneficiaries (${cols.join(', ')}) values (${ph})${ret ? ' returning *' : ''}`);
const row = () => cols.map((c) => c === 'wallet_beneficiary_id' ? randomUUID() : c === 'customer_id' ? cust.customer_id : c === 'client_id' ? cust.client_id : c === 'address_key' ? randomUUID() : c === 'is_owner' ? 1 : c === 'beneficiary_status' ? 'ACTIVE' : c.endsWith('_at') && c !== 'removed_at' ? new Date().toISOString() : c === 'removed_at' || c === 'owner_info' || c === 'support_files' || c === 'description' || c==='platform_name'||c==='platform_user_id'||c==='purpose_of_payment'||c==='relationship_with_third_party' ? null : 'x');
const ev = (ret) => db.prepare(`insert into events (event_id, client_id, customer_id, type, resource_type, resource_id, sequence, data, created_at) values (?, ?, ?, ?, ?, ?, 1, ?, ?)${ret ? ' returning *' : ''}`);
const evrow = () => [randomUUID(), cust.client_id, cust.customer_id, 'wallet_beneficiary.active', 'WALLET_BENEFICIARY', randomUUID(), 'x'.repeat(700), new Date().toISOString()];
const nonce = (ret) => db.prepare(`insert into nonces (client_id, nonce, seen_at_ms) values (?, ?, ?) on conflict (client_id, nonce) do update set seen_at_ms = excluded.seen_at_ms where seen_at_ms <= ?${ret ? ' returning nonce' : ''}`);
const nrow = () => [cust.client_id, randomUUID(), Date.now(), 0];
function bench(name, stmt, mk, ret) {
  const N = 16000;
  const rows = Array.from({ length: N }, mk);
  const t = process.cpuUsage();
  for (let b = 0; b < N; b += 16) { db.exec('begin'); for (let i = b; i < b + 16; i++) ret ? stmt.all(...rows[i]) : stmt.run(...rows[i]); db.exec('commit'); }
  const u = process.cpuUsage(t);
  console.log(name.padEnd(30), ((u.user + u.system) / N).toFixed(1), 'µs/row (incl commit share)');
}
for (let k = 0; k < 2; k++) {
bench('beneficiary run', ins(false), row, false);
bench('beneficiary returning', ins(true), row, true);
bench('event run', ev(false), evrow, false);
bench('event returning', ev(true), evrow, true);
bench('nonce run', nonce(false), nrow, false);
bench('nonce returning', nonce(true), nrow, true);
}
