import { joinLane } from '../fixtures/lanes';

// Every journey file (setupFiles of the e2e project) waits for a place in the browser lane first.
joinLane('browser');
