//! Makruk (Thai chess): rules, notation and search, with no I/O, clock or platform code.
