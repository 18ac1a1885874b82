// The embedded default end to end: a fresh data directory → start → migrate → write → stop → start again
// → the data is still there; and recovery after the owning process is killed with SIGKILL.
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createOrganisation, getOrganisationBySlug, migrateDatabase, openDatabase } from '@toolmark/db';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const freshDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'toolmark-embedded-'));
  dirs.push(dir);
  chmodSync(dir, 0o755); // as root the cluster runs as the postgres user, which must be able to enter it
  return join(dir, 'data');
};

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('embedded PostgreSQL', () => {
  it.runIf(process.getuid?.() === 0)('as root, names a parent the postgres user cannot enter', async () => {
    const closed = mkdtempSync(join(tmpdir(), 'toolmark-closed-'));
    dirs.push(closed);
    const error = await openDatabase({ dataDir: join(closed, 'data') }).catch((e: unknown) => e as Error);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toContain(`cannot enter ${closed}`);
  });

  it('starts on a fresh directory, migrates, keeps data across a restart', async () => {
    const dataDir = freshDir();
    const first = await openDatabase({ dataDir });
    try {
      expect(first.embeddedDataDir).toBe(dataDir);
      await migrateDatabase(first);
      await createOrganisation(first.db, { name: 'Kept', slug: 'kept' });
    } finally {
      await first.close();
    }
    expect(existsSync(join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);
    const second = await openDatabase({ dataDir });
    try {
      await migrateDatabase(second); // nothing left to apply
      expect((await getOrganisationBySlug(second.db, 'kept'))?.name).toBe('Kept');
    } finally {
      await second.close();
    }
  });

  it('recovers after the owning process was killed with SIGKILL (orphaned postgres, stale postmaster.pid)', async () => {
    const dataDir = freshDir();
    const entry = resolve(import.meta.dirname, '..', 'dist', 'index.js');
    const script = `
      const { openDatabase, migrateDatabase, createOrganisation } = await import(${JSON.stringify(entry)});
      const h = await openDatabase({ dataDir: ${JSON.stringify(dataDir)} });
      await migrateDatabase(h);
      await createOrganisation(h.db, { name: 'Before the kill', slug: 'before' });
      console.log('READY');
      setInterval(() => {}, 1000);
    `;
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
    await new Promise<void>((ready, fail) => {
      child.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('READY') && ready());
      child.once('exit', (code) => fail(new Error(`child exited with ${code} before it was ready`)));
    });
    const postmaster = Number(readFileSync(join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]);
    child.kill('SIGKILL');
    await new Promise((r) => child.once('exit', r));
    expect(alive(postmaster)).toBe(true); // the orphan the next start must deal with

    const again = await openDatabase({ dataDir });
    try {
      expect((await getOrganisationBySlug(again.db, 'before'))?.name).toBe('Before the kill');
      expect(alive(postmaster)).toBe(false);
    } finally {
      await again.close();
    }
  });

  it('removes a postmaster.pid that names a live process which is not a postgres (a reused pid), and says when credentials are missing', async () => {
    const dataDir = freshDir();
    await (await openDatabase({ dataDir })).close();
    // A live process that is not postgres now holds the pid written in postmaster.pid.
    const other = spawn('sleep', ['60'], { stdio: 'ignore' });
    try {
      writeFileSync(join(dataDir, 'postgres', 'postmaster.pid'), `${other.pid}\n${join(dataDir, 'postgres')}\n`);
      const again = await openDatabase({ dataDir });
      await again.close();
      expect(alive(other.pid!)).toBe(true); // left alone
    } finally {
      other.kill();
    }
    rmSync(join(dataDir, 'credentials.json'));
    const error = await openDatabase({ dataDir }).catch((e: unknown) => e as Error);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toContain('credentials.json is missing');
  });

  it('refuses to share the cluster with a live toolmark process and says what to do', async () => {
    const dataDir = freshDir();
    const first = await openDatabase({ dataDir });
    try {
      // The same process may not open it twice either: owner.pid names a live node process.
      const script = `
        const { openDatabase } = await import(${JSON.stringify(resolve(import.meta.dirname, '..', 'dist', 'index.js'))});
        try { await openDatabase({ dataDir: ${JSON.stringify(dataDir)} }); console.log('OPENED'); }
        catch (e) { console.log('REFUSED ' + e.message); }
        process.exit(0);
      `;
      const out = await new Promise<string>((done) => {
        const child = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
        let text = '';
        child.stdout.on('data', (c: Buffer) => (text += c.toString()));
        child.once('exit', () => done(text));
      });
      expect(out).toContain('REFUSED');
      expect(out).toContain('DATABASE_URL');
      expect(out).toContain(dataDir);
    } finally {
      await first.close();
    }
  });
});
