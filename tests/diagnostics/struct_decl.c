// expect: error 2:1: structs are not supported
struct point { int x; int y; };

int struct_decl(int a) { return a; }
