// expect: error 2:2: `#if` without a matching `#endif`
#if 1
int unterminated_if(int a) { return a; }
