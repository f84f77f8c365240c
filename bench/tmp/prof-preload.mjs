import inspector from 'node:inspector';
import fs from 'node:fs';
const session = new inspector.Session();
session.connect();
process.on('SIGUSR2', () => {
  session.post('Profiler.enable', () => session.post('Profiler.start'));
});
process.on('SIGUSR1', () => {
  session.post('Profiler.stop', (err, { profile }) => {
    fs.mkdirSync(process.env.PROF_DIR, { recursive: true });
    fs.writeFileSync(`${process.env.PROF_DIR}/steady.cpuprofile`, JSON.stringify(profile));
  });
});
