#define TEXT 64
#define PAT 3
