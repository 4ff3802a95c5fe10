# Sourced by the benchmarks that compare with DDS: sets DDS_PYTHON to a
# Python with endplay (PyPI), made once in a throwaway environment under
# bench/work (git-ignored) unless DDS_PYTHON already names one.
if [ -z "${DDS_PYTHON:-}" ]; then
    if [ ! -x bench/work/venv/bin/python ]; then
        mkdir -p bench/work
        python3 -m venv bench/work/venv
        bench/work/venv/bin/pip install --quiet endplay
    fi
    DDS_PYTHON=bench/work/venv/bin/python
fi
