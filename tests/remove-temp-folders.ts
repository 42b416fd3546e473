/**
 * Setup file for every test file: removes the folders tempDir made once the file is done, so the
 * test runs stop leaving them in /tmp.
 *
 * Its afterAll runs after the file's own: this hook is registered first (setup files run before
 * the test file), and vitest runs after-hooks in reverse ("stack" is the default of
 * sequence.hooks, vitest 4.1). So a server or engine the file stops in its afterAll is stopped
 * before its data folder goes.
 */
import { afterAll } from 'vitest';
import { removeTempDirs } from './unit/helpers';

afterAll(removeTempDirs);
