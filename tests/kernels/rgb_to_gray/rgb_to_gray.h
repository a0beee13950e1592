#define PIXELS 64
