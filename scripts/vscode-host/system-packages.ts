import * as fs from 'node:fs';
import { runCommand } from './run-command';

interface SystemPackage {
  /** The Debian package that provides it. */
  debianPackage: string;
  /** A file whose presence shows the package is installed. */
  providesFile: string;
  why: string;
}

export function chromiumPackage(executable: string): SystemPackage {
  return { debianPackage: 'chromium', providesFile: executable, why: 'the browser that shows the code-server workbench' };
}

/** code-server's native `kerberos` module compiles against these headers while it installs. */
export const kerberosHeadersPackage: SystemPackage = {
  debianPackage: 'libkrb5-dev',
  providesFile: '/usr/include/gssapi/gssapi.h',
  why: "headers code-server's native modules compile against (gssapi/gssapi.h)",
};

/** Installs the missing packages with apt-get when running as root; otherwise says exactly what to install. */
export async function ensureSystemPackages(packages: readonly SystemPackage[]): Promise<void> {
  const missing = packages.filter((p) => !fs.existsSync(p.providesFile));
  if (missing.length === 0) return;
  const names = missing.map((p) => p.debianPackage);
  const reasons = missing.map((p) => `  ${p.debianPackage}: ${p.why} (${p.providesFile} is missing)`).join('\n');
  const canInstall = process.getuid?.() === 0 && fs.existsSync('/usr/bin/apt-get');
  if (!canInstall) {
    throw new Error(`Missing system packages:\n${reasons}\nInstall them as root: apt-get install -y ${names.join(' ')}`);
  }
  console.log(`Installing ${names.join(', ')} with apt-get`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  await runCommand('apt-get', ['update'], { env, showOutput: true });
  await runCommand('apt-get', ['install', '-y', '--no-install-recommends', ...names], { env, showOutput: true });
  const stillMissing = missing.filter((p) => !fs.existsSync(p.providesFile));
  if (stillMissing.length > 0) {
    throw new Error(`apt-get installed ${names.join(' ')} but ${stillMissing.map((p) => p.providesFile).join(', ')} is still missing`);
  }
}
