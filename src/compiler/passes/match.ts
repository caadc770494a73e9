// match: every pattern of every target against the entry point; each attempt goes to the decision log.
import { append } from '../../core';
import { matchPattern } from '../patterns/matcher';
import type { Pass } from '../state';

export const match: Pass = {
  name: 'match',
  run(s) {
    for (const p of s.patterns) {
      append(s.candidates, matchPattern(s.graph, p, (a) => {
        if (a.reason) s.decision(a.op).rejected.push({ pattern: p.name, target: p.target, reason: a.reason });
      }));
    }
  },
};
