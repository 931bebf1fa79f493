// axe-core over every screen on a desktop (1440x900): see axe.ts.
import { describeAxeOn } from './axe.ts';

describeAxeOn('desktop');
