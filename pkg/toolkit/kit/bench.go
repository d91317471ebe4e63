package kit

// BenchCase is one workload of the bench table. Run returns the number of
// nodes (or static evaluations, as Unit says) it visited; corpus is the
// conformance folder ("" when none was found), for workloads that read it.
type BenchCase struct {
	Workload string
	Unit     string
	Run      func(corpus string) (uint64, error)
}

// Size returns full, or small for the quick table.
func Size(quick bool, full, small int) int {
	if quick {
		return small
	}
	return full
}
