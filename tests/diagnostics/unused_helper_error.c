// expect: error 4:38: `~` needs an integer operand
int unused_helper_error(int a) { return a; }

float never_called(float x) { return ~x; }
