import { setHashCostForTests } from '../../worker/src/domain/password.ts';

// Runs before every test file. Passwords the tests make are hashed at a low scrypt cost (1 MiB,
// about 2 ms instead of 16 MiB and 300 ms): the suites sign up thousands of accounts. The app's
// own parameters are proved by worker/src/domain/password.test.ts, which puts them back.
setHashCostForTests({ N: 2 ** 10, r: 8, p: 1 });
